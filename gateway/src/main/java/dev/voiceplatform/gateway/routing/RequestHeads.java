package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.GatewayConfig;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Optional;

/**
 * The checks the HTTP server would make on a request's head, made by the gateway so their refusals carry the error
 * envelope: the decoder answers a head over its limits with an empty body and a closed connection, and Quarkus a
 * target that is not a URI with a bare 400. The decoder's limits are set above the ones enforced here
 * ({@code quarkus.http.limits.*} against {@code platform.request-head.*}), and Quarkus's URI check is off (GatewayMain).
 */
final class RequestHeads {

    /** Status of a request line over the limit (URI Too Long). */
    static final int URI_TOO_LONG = 414;
    /** Status of a header block over the limit (Request Header Fields Too Large). */
    static final int HEADERS_TOO_LARGE = 431;
    /** The decoder counts ": " between a header's name and its value. */
    private static final int HEADER_SEPARATOR = 2;

    private RequestHeads() {
    }

    /** The refusal for a head past the limits, empty when it is within them. */
    static Optional<ApiException> refusal(HttpServerRequest request, GatewayConfig.RequestHead limits) {
        // As the decoder reads it: method, target and version separated by single spaces.
        int lineLength = request.method().name().length() + 1 + request.uri().length() + 1
                + protocolName(request).length();
        if (lineLength > limits.maxInitialLineLength()) {
            return Optional.of(ApiException.of(ErrorCode.INVALID_REQUEST, "The request line is too long")
                    .withStatus(URI_TOO_LONG)
                    .withHint("Keep the request line (method, path with query, version) within "
                            + limits.maxInitialLineLength() + " characters.")
                    .withDetail("max_length", limits.maxInitialLineLength()));
        }
        long headerSize = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            headerSize += header.getKey().length() + HEADER_SEPARATOR + header.getValue().length();
        }
        if (headerSize > limits.maxHeaderSize()) {
            return Optional.of(ApiException.of(ErrorCode.INVALID_REQUEST, "The request headers are too large")
                    .withStatus(HEADERS_TOO_LARGE)
                    .withHint("Keep all headers together within " + limits.maxHeaderSize() + " bytes.")
                    .withDetail("max_bytes", limits.maxHeaderSize()));
        }
        if (!validUri(request.uri())) {
            return Optional.of(ApiException.of(ErrorCode.INVALID_REQUEST, "The request target is not a valid URI")
                    .withHint("Percent-encode characters such as { } | \\ ^ ` and spaces in the path and query."));
        }
        return Optional.empty();
    }

    /** The check Quarkus makes when its own is on. */
    private static boolean validUri(String target) {
        try {
            new URI(target);
            return true;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String protocolName(HttpServerRequest request) {
        return switch (request.version()) {
            case HTTP_1_0 -> "HTTP/1.0";
            case HTTP_1_1 -> "HTTP/1.1";
            // HTTP/2 has no request line and its own header limits; counted as its HTTP/1.1 equivalent.
            case HTTP_2 -> "HTTP/1.1";
        };
    }
}
