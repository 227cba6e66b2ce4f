package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.LogCapture;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.Eventually;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A caller that closes its connection is counted as {@code closed}, and the break logged, only when it went before
 * the whole answer was written; one that closes as soon as it has read a complete answer lost nothing.
 */
@QuarkusTest
class AnswerEndTest {

    private static final String AGENT = "0199a000-0000-7000-8000-0000000000e1";
    private static final String ROUTE = "/agents/{id}";

    @TestHTTPResource("/")
    URL gateway;

    @Inject
    MeterRegistry registry;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @Test
    void aCallerClosingRightAfterACompleteAnswerIsCountedByItsStatus() throws IOException {
        String body = "{\"prompt\":\"" + "x".repeat(256 * 1024) + "\"}";
        UpstreamStub.replyWith(200, Map.of("Content-Type", "application/json",
                "Content-Length", Integer.toString(body.length())), body);
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        long okBefore = count("200");
        long closedBefore = count(GatewayMetrics.CLOSED);
        try (LogCapture logs = new LogCapture()) {
            try (Socket socket = connect()) {
                send(socket, "/v1/agents/" + AGENT, key.key());
                String head = readHead(socket.getInputStream());
                assertTrue(head.startsWith("HTTP/1.1 200"), head);
                int length = Integer.parseInt(header(head, "content-length"));
                byte[] read = socket.getInputStream().readNBytes(length);
                assertEquals(body, new String(read, StandardCharsets.UTF_8));
            }
            Eventually.check(() -> assertEquals(okBefore + 1, count("200"), "counted by its status"));
            assertEquals(closedBefore, count(GatewayMetrics.CLOSED));
            assertTrue(logs.containing("broke off").isEmpty(), "nothing broke off");
        }
    }

    @Test
    void aCallerClosingBeforeTheWholeAnswerIsABreak() throws IOException {
        UpstreamStub.replyWith(200, Map.of("Content-Type", "application/json"), "{\"name\":\"" + "y".repeat(1000) + "\"}");
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        long okBefore = count("200");
        long closedBefore = count(GatewayMetrics.CLOSED);
        try (LogCapture logs = new LogCapture()) {
            try (Socket socket = connect()) {
                send(socket, "/v1/agents/" + AGENT + "?" + UpstreamStub.PARTIAL_QUERY, key.key());
                String head = readHead(socket.getInputStream());
                assertTrue(head.startsWith("HTTP/1.1 200"), head);
                // Part of the body arrived; the rest never will.
                assertTrue(socket.getInputStream().read() >= 0);
            }
            Eventually.check(() -> assertEquals(closedBefore + 1, count(GatewayMetrics.CLOSED), "counted as closed"));
            assertEquals(okBefore, count("200"));
            Eventually.check(() -> assertFalse(logs.containing("Answer to GET " + ROUTE + " broke off").isEmpty(),
                    "the break is logged"));
        }
    }

    private long count(String status) {
        Timer timer = registry.find("gateway.requests").tag("route", ROUTE).tag("method", "GET").tag("status", status)
                .timer();
        return timer == null ? 0 : timer.count();
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(gateway.getHost(), gateway.getPort());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private void send(Socket socket, String target, String key) throws IOException {
        String request = "GET " + target + " HTTP/1.1\r\nHost: " + gateway.getHost() + "\r\nX-API-Key: " + key
                + "\r\n\r\n";
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    /** The status line and headers, up to the blank line. */
    static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int next = in.read();
            if (next < 0) {
                throw new IOException("the connection closed inside the head: " + head);
            }
            head.write(next);
            matched = next == end[matched] ? matched + 1 : next == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().toLowerCase(Locale.ROOT).equals(name)) {
                return line.substring(colon + 1).strip();
            }
        }
        throw new AssertionError("no " + name + " in " + head);
    }
}
