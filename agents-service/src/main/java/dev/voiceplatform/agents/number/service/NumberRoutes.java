package dev.voiceplatform.agents.number.service;

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
 * Asks the numbers service, which owns bindings, to retire an agent before it is deleted. The numbers service
 * serializes that with binds of the same agent, so a delete never succeeds while a bind of the agent commits.
 */
@ApplicationScoped
public class NumberRoutes {

    private static final Logger LOG = Logger.getLogger(NumberRoutes.class);
    /** The numbers service's name in the platform manifest, the audience of the tokens it accepts. */
    private static final String NUMBERS_SERVICE = "numbers";

    private final NumbersClient numbers;
    private final JsonWebToken token;
    private final InternalTokenIssuer tokens;

    public NumberRoutes(@RestClient NumbersClient numbers, JsonWebToken token, InternalTokenIssuer tokens) {
        this.numbers = numbers;
        this.token = token;
        this.tokens = tokens;
    }

    /**
     * Retires the agent on behalf of the request being served (its claims addressed to the numbers service, minted
     * now and sent when subscribed): done, or
     * 409 AGENT_HAS_PHONE_NUMBER while a number routes to it, or 503 when the numbers service cannot answer.
     */
    public Uni<Void> retire(UUID agentId) {
        String authorization = "Bearer " + tokens.onBehalfOf(token, NUMBERS_SERVICE);
        return Uni.createFrom().deferred(() -> numbers.retire(agentId, authorization))
                .onFailure(WebApplicationException.class)
                .recoverWithUni(failure -> {
                    int status = ((WebApplicationException) failure).getResponse().getStatus();
                    return status == 409
                            ? Uni.createFrom().failure(ApiException.of(ErrorCode.AGENT_HAS_PHONE_NUMBER,
                                    "A phone number still routes to this agent"))
                            : unavailable(failure);
                })
                .onFailure(failure -> !(failure instanceof ApiException))
                .recoverWithUni(NumberRoutes::unavailable);
    }

    private static Uni<Void> unavailable(Throwable failure) {
        LOG.warnf("The numbers service could not retire an agent: %s", failure.toString());
        return Uni.createFrom().failure(ApiException.of(ErrorCode.SERVICE_UNAVAILABLE,
                "Whether a phone number routes to the agent cannot be checked right now; nothing was deleted"));
    }
}
