package dev.voiceplatform.gateway;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the gateway with two checks of the HTTP server turned off, which answer before any route runs and without
 * the error envelope: Quarkus's URI check (a bare 400 for a target that is not a valid URI, a {@code {} in the path)
 * and the decoder's header validation (an empty 400 and a closed connection for a control character in a header).
 * The gateway makes both checks itself on every request, before anything reads the request, and answers 400
 * INVALID_REQUEST in the envelope (routing RequestHeads). Header validation also guards headers set on responses;
 * none the gateway sets can hold a line break, since every value it echoes was read from one line of a request or
 * an answer. Both properties are read once, when Vert.x and the HTTP server start, so they are set before anything
 * else. Tests set them in the gateway's pom.
 */
@QuarkusMain
public final class GatewayMain {

    static final String DISABLE_URI_VALIDATION = "vertx.disableURIValidation";
    static final String DISABLE_HEADER_VALIDATION = "vertx.disableHttpHeadersValidation";

    private GatewayMain() {
    }

    public static void main(String... args) {
        System.setProperty(DISABLE_URI_VALIDATION, "true");
        System.setProperty(DISABLE_HEADER_VALIDATION, "true");
        Quarkus.run(args);
    }
}
