package dev.voiceplatform.common.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** A request no route took answers 404 NOT_FOUND in the envelope, not the server's default page. */
@ApplicationScoped
public class UnknownRouteHandler {

    private final ObjectMapper objectMapper;

    public UnknownRouteHandler(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    void register(@Observes Router router) {
        router.route().last().handler(ctx -> {
            if (ctx.response().ended()) {
                return;
            }
            ctx.response().setStatusCode(404).putHeader("Content-Type", "application/json").end(body());
        });
    }

    private String body() {
        try {
            return objectMapper.writeValueAsString(ApiException.of(ErrorCode.NOT_FOUND, "No such route").toEnvelope());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
