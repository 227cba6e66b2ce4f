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
 * envelope: the decoder answers a head over its limits or a malformed header with an empty body and a closed
 * connection, and Quarkus a target that is not a URI with a bare 400. The decoder's limits are set above the ones
 * enforced here ({@code quarkus.http.limits.*} against {@code platform.request-head.*}), and its header validation
 * and Quarkus's URI check are off (GatewayMain).
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
        for (Map.Entry<String, String> header : request.headers()) {
            if (!isToken(header.getKey()) || hasControlCharacter(header.getValue())) {
                // The name only: the value is the caller's and may be a credential.
                return Optional.of(ApiException.of(ErrorCode.INVALID_REQUEST, "A request header is malformed")
                        .withHint("Header names are tokens and values hold no control characters but tab.")
                        .withDetail("header", printable(header.getKey())));
            }
        }
        if (!validUri(request.uri())) {
            return Optional.of(ApiException.of(ErrorCode.INVALID_REQUEST, "The request target is not a valid URI")
                    .withHint("Percent-encode characters such as { } | \\ ^ ` and spaces in the path and query."));
        }
        return Optional.empty();
    }

    /** RFC 9110 token: the characters a header name may hold. */
    private static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letterOrDigit = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!letterOrDigit && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** RFC 9110 field value: any control character but horizontal tab is refused (bytes from 0x80 are allowed). */
    private static boolean hasControlCharacter(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return true;
            }
        }
        return false;
    }

    /** A refused header name as it may be echoed: its control characters as escapes. */
    private static String printable(String name) {
        StringBuilder shown = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                shown.append(String.format("\\u%04x", (int) c));
            } else {
                shown.append(c);
            }
        }
        return shown.toString();
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
