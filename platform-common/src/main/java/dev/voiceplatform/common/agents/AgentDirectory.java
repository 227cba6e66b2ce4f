package dev.voiceplatform.common.agents;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Asks the agents service, on behalf of the request being served (its claims, addressed to the agents service), for
 * an agent of that request's organization. The owner answers at write time, so no write waits for an event (DESIGN
 * section 6). The one client every service uses for this; it needs {@code quarkus.rest-client.agents.url} and the
 * signing key of internal tokens ({@code platform.jwt.signing-key-location}).
 */
@ApplicationScoped
public class AgentDirectory {

    private static final Logger LOG = Logger.getLogger(AgentDirectory.class);
    /** The agents service's name in the platform manifest, the audience of the tokens it accepts. */
    static final String AGENTS_SERVICE = "agents";

    private final AgentsClient agents;
    private final JsonWebToken token;
    private final InternalTokenIssuer tokens;

    public AgentDirectory(@RestClient AgentsClient agents, JsonWebToken token, InternalTokenIssuer tokens) {
        this.agents = agents;
        this.token = token;
        this.tokens = tokens;
    }

    /** The live agent of the request's organization, or null; 503 when the agents service cannot answer. */
    public Uni<AgentFacts> find(UUID agentId) {
        return agents.get(agentId, "Bearer " + tokens.onBehalfOf(token, AGENTS_SERVICE))
                .onFailure(WebApplicationException.class)
                .recoverWithUni(failure -> {
                    int status = ((WebApplicationException) failure).getResponse().getStatus();
                    return status == 404 ? Uni.createFrom().nullItem() : unavailable(failure);
                })
                .onFailure(failure -> !(failure instanceof ApiException))
                .recoverWithUni(AgentDirectory::unavailable);
    }

    /** True when the request's organization has this live agent; 503 when the agents service cannot answer. */
    public Uni<Boolean> exists(UUID agentId) {
        return find(agentId).map(java.util.Objects::nonNull);
    }

    private static Uni<AgentFacts> unavailable(Throwable failure) {
        LOG.warnf("The agents service could not confirm an agent: %s", failure.toString());
        return Uni.createFrom().failure(ApiException.of(ErrorCode.SERVICE_UNAVAILABLE,
                "The agent could not be checked right now; nothing was changed"));
    }
}
