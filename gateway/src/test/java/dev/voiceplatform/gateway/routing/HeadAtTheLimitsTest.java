package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request whose head is exactly at the gateway's limits reaches the service and is answered by it: the service's
 * own limits (platform-common's shared defaults, which the stand-in listens with) leave room for what the gateway lets
 * through plus what it adds (the internal token, the correlation id). Written byte for byte on a socket, so the head
 * is exactly as long as the test says.
 */
@QuarkusTest
class HeadAtTheLimitsTest {

    private static final String REQUEST_LINE_START = "GET /v1/agents?q=";
    private static final String REQUEST_LINE_END = " HTTP/1.1";

    @TestHTTPResource("/")
    URL gateway;

    @Inject
    GatewayConfig.RequestHead limits;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
        UpstreamStub.replyWith(200, Map.of("Content-Type", "application/json", "Content-Length", "2"), "{}");
    }

    @Test
    void aRequestLineAndHeadersEachAtTheGatewaysLimitReachTheService() throws IOException {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        String query = "a".repeat(limits.maxInitialLineLength() - REQUEST_LINE_START.length()
                - REQUEST_LINE_END.length());
        String requestLine = REQUEST_LINE_START + query + REQUEST_LINE_END;
        assertEquals(limits.maxInitialLineLength(), requestLine.length());

        // Counted as the gateway counts a header block: each name, ": " and value. The padding goes in a header the
        // gateway passes on, so the service gets nearly all of it, plus the internal token instead of the API key.
        // The caller names its correlation id, since one the gateway makes up would be counted too.
        Map<String, String> fixed = Map.of("Host", "localhost", "Service-Version", "2026-08-06",
                "Authorization", "Bearer " + key.key(), "X-Correlation-ID", UUID.randomUUID().toString());
        int fixedSize = fixed.entrySet().stream().mapToInt(h -> h.getKey().length() + 2 + h.getValue().length()).sum();
        String padding = "en".repeat((limits.maxHeaderSize() - fixedSize - "Accept-Language".length() - 2) / 2);
        if (fixedSize + "Accept-Language".length() + 2 + padding.length() < limits.maxHeaderSize()) {
            padding += "e";
        }
        StringBuilder request = new StringBuilder(requestLine).append("\r\n");
        fixed.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("Accept-Language: ").append(padding).append("\r\n\r\n");
        assertEquals(limits.maxHeaderSize(), fixedSize + "Accept-Language".length() + 2 + padding.length());

        assertEquals(200, statusOf(request.toString()),
                () -> "the stand-in service " + (UpstreamStub.received() ? "got the request" : "got nothing"));
        UpstreamStub.Exchange received = UpstreamStub.next();
        assertTrue(received.uri.endsWith("?q=" + query), "the service got the whole target");
        assertEquals(padding, received.header("Accept-Language"));
        assertTrue(received.header("Authorization").length() > 500, "the service got the internal token too");
    }

    /** The status of the one answer to {@code request}. */
    private int statusOf(String request) throws IOException {
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream statusLine = new ByteArrayOutputStream();
            for (int next = in.read(); next >= 0 && next != '\n'; next = in.read()) {
                statusLine.write(next);
            }
            String line = statusLine.toString(StandardCharsets.ISO_8859_1);
            if (line.length() < 12) {
                throw new IOException("no status line, got: " + line);
            }
            return Integer.parseInt(line.substring(9, 12));
        }
    }
}
