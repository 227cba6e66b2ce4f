package dev.voiceplatform.common.tenancy;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalClaims;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Reads the tenancy principal of the request being served from its verified internal token. */
@ApplicationScoped
public class CurrentTenant {

    private final JsonWebToken token;

    public CurrentTenant(JsonWebToken token) {
        this.token = token;
    }

    public Tenant get() {
        String organization = token.getClaim(InternalClaims.ORGANIZATION);
        if (organization == null) {
            throw ApiException.of(ErrorCode.NOT_AUTHENTICATED, "The request carries no organization");
        }
        PlanFacts plan = new PlanFacts(
                stringClaim(InternalClaims.TIER, "free"),
                intClaim(InternalClaims.MAX_AGENTS),
                stringClaim(InternalClaims.ACCOUNT_STATUS, "active"),
                setClaim(InternalClaims.ENTITLEMENTS),
                booleanClaim(InternalClaims.CAN_PLACE_CALLS));
        return new Tenant(UUID.fromString(organization), token.getSubject(),
                KeyKind.fromWire(stringClaim(InternalClaims.KEY_KIND, "organization")),
                Set.copyOf(token.getGroups()), plan);
    }

    /** The principal of a write (part 7: a reseller-scoped key on a write is 403 ORGANIZATION_REQUIRED). */
    public Tenant forWrite() {
        return get().requireOrganizationKey();
    }

    private String stringClaim(String name, String fallback) {
        Object value = token.getClaim(name);
        if (value instanceof JsonString json) {
            return json.getString();
        }
        return value == null ? fallback : value.toString();
    }

    private int intClaim(String name) {
        Object value = token.getClaim(name);
        if (value instanceof JsonNumber number) {
            return number.intValue();
        }
        if (value instanceof Number number) {
            return number.intValue();
        }
        return 0;
    }

    private boolean booleanClaim(String name) {
        Object value = token.getClaim(name);
        if (value instanceof Boolean bool) {
            return bool;
        }
        return value == JsonValue.TRUE;
    }

    private Set<String> setClaim(String name) {
        Object value = token.getClaim(name);
        Set<String> out = new LinkedHashSet<>();
        if (value instanceof JsonArray array) {
            for (JsonValue item : array) {
                out.add(item instanceof JsonString s ? s.getString() : item.toString());
            }
        } else if (value instanceof Iterable<?> items) {
            items.forEach(item -> out.add(String.valueOf(item)));
        }
        return Set.copyOf(out);
    }
}
