package dev.voiceplatform.gateway.admin;

import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.gateway.keys.ApiKeyRepository;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/** Revocation: takes effect on the next request, since every request looks its key up again. */
@AdminApi
@Path("/admin/keys")
@Produces(MediaType.APPLICATION_JSON)
public class KeysAdminResource {

    private final ApiKeyRepository keys;
    private final Clock clock;

    public KeysAdminResource(ApiKeyRepository keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** Idempotent: revoking a revoked key answers 200 with the time of the first revocation. */
    @DELETE
    @Path("{id}")
    public Uni<RevokedKeyView> revoke(@RestPath String id) {
        UUID keyId = Ids.fromPath(id, "API key");
        return keys.revoke(keyId, DbTime.now(clock))
                .map(revokedAt -> new RevokedKeyView(keyId,
                        true, revokedAt.orElseThrow(() -> ApiException.notFound("API key"))));
    }
}
