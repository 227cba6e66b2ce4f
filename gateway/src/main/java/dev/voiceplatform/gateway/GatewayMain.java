package dev.voiceplatform.gateway;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the gateway with Quarkus's own URI check turned off: that check answers a request whose target is not a
 * valid URI (a {@code {} or a space in the path) with a bare 400 before any route runs. The gateway makes the same
 * check itself and answers 400 INVALID_REQUEST in the error envelope (routing RequestHeads). Quarkus reads the
 * property once, when the HTTP server starts, so it is set before anything else. Tests set it in the gateway's pom.
 */
@QuarkusMain
public final class GatewayMain {

    static final String DISABLE_URI_VALIDATION = "vertx.disableURIValidation";

    private GatewayMain() {
    }

    public static void main(String... args) {
        System.setProperty(DISABLE_URI_VALIDATION, "true");
        Quarkus.run(args);
    }
}
