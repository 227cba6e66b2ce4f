package dev.voiceplatform.runtime.call.rest;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalClaims;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonString;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The organization a service token speaks for ({@code org}). The calls service's tokens carry no plan claims, so
 * the runtime reads this claim alone rather than the whole tenancy principal.
 */
@ApplicationScoped
public class TokenOrganization {

    private final JsonWebToken token;

    public TokenOrganization(JsonWebToken token) {
        this.token = token;
    }

    /** The token's organization; 401 NOT_AUTHENTICATED when it names none. */
    public UUID require() {
        Object claim = token.getClaim(InternalClaims.ORGANIZATION);
        String raw = claim instanceof JsonString json ? json.getString() : claim == null ? null : claim.toString();
        try {
            if (raw != null) {
                return UUID.fromString(raw);
            }
        } catch (IllegalArgumentException e) {
            // Falls through to the refusal: a token naming no readable organization speaks for none.
        }
        throw ApiException.of(ErrorCode.NOT_AUTHENTICATED, "The token names no organization");
    }
}
