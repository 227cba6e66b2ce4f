package dev.voiceplatform.calls.quota;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.jboss.resteasy.reactive.RestPath;

/**
 * How many outbound calls a key placed on the current UTC day (contract 8), for GET /me's {@code daily_calls_used}.
 * The gateway asks for the organization the key belongs to (the token's {@code org}); a key of another organization
 * has used none there.
 */
@Path("/internal/keys/{keyId}/daily-calls")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalKeyQuotaResource {

    private final Pool pool;
    private final QuotaRepository quotas;
    private final CurrentTenant currentTenant;
    private final CallsConfig config;
    private final Clock clock;

    public InternalKeyQuotaResource(Pool pool, QuotaRepository quotas, CurrentTenant currentTenant, CallsConfig config,
            Clock clock) {
        this.pool = pool;
        this.quotas = quotas;
        this.currentTenant = currentTenant;
        this.config = config;
        this.clock = clock;
    }

    /** The key's count of the day. */
    public record DailyCallsOut(@JsonProperty("key_id") String keyId, String day, int used, int limit) {
    }

    @GET
    public Uni<DailyCallsOut> get(@RestPath String keyId) {
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        return quotas.keyCallsUsed(pool, currentTenant.get().organizationId(), keyId, day)
                .map(used -> new DailyCallsOut(keyId, day.toString(), used, config.keyDailyLimit()));
    }
}
