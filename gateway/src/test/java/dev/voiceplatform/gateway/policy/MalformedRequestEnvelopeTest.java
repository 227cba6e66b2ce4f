package dev.voiceplatform.gateway.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Requests the HTTP server would refuse on its own (a request line or headers over the limits, a malformed header, a
 * target that is not a URI) still answer in the error envelope. Written byte for byte on a socket, since HTTP clients
 * refuse to send them.
 */
@QuarkusTest
class MalformedRequestEnvelopeTest {

    /** The request line and header block the gateway accepts (platform.http-limits defaults). */
    private static final int MAX_INITIAL_LINE = 4096;
    private static final int MAX_HEADER_SIZE = 20 * 1024;
    /** Pins the newest version, whose errors are the envelope of part 7. */
    private static final String HEAD = "Host: localhost\r\nService-Version: 2026-08-06\r\n";

    @TestHTTPResource("/")
    URL gateway;

    @Test
    void aRequestLineOverTheLimitIs414InTheEnvelope() throws IOException {
        String path = "/v1/agents?q=" + "a".repeat(MAX_INITIAL_LINE);
        Answer answer = send("GET " + path + " HTTP/1.1\r\n" + HEAD + "\r\n");
        assertEquals(414, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aRequestLineJustWithinTheLimitIsLetThrough() throws IOException {
        String start = "GET /v1/agents?q=";
        String end = " HTTP/1.1";
        String path = "/v1/agents?q=" + "a".repeat(MAX_INITIAL_LINE - start.length() - end.length());
        Answer answer = send("GET " + path + " HTTP/1.1\r\n" + HEAD + "\r\n");
        assertEquals(401, answer.status);
        assertEquals("MISSING_API_KEY", answer.code());
    }

    @Test
    void aRequestLineOverTheLimitOutsideThePublicApiIs414InTheEnvelopeToo() throws IOException {
        String path = "/admin/organizations?q=" + "a".repeat(MAX_INITIAL_LINE);
        Answer answer = send("GET " + path + " HTTP/1.1\r\n" + HEAD + "\r\n");
        assertEquals(414, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void headersOverTheLimitAre431InTheEnvelope() throws IOException {
        Answer answer = send("GET /v1/agents HTTP/1.1\r\n" + HEAD + "X-Padding: " + "a".repeat(MAX_HEADER_SIZE)
                + "\r\n\r\n");
        assertEquals(431, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void manyHeadersOverTheLimitTogetherAre431InTheEnvelope() throws IOException {
        StringBuilder request = new StringBuilder("GET /v1/agents HTTP/1.1\r\n" + HEAD);
        for (int i = 0; i < 30; i++) {
            request.append("X-Padding-").append(i).append(": ").append("a".repeat(1000)).append("\r\n");
        }
        Answer answer = send(request.append("\r\n").toString());
        assertEquals(431, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aBraceInThePathIs400InTheEnvelope() throws IOException {
        Answer answer = send("GET /v1/agents/{id} HTTP/1.1\r\n" + HEAD + "\r\n");
        assertEquals(400, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aBraceInAPathOutsideThePublicApiIs400InTheEnvelopeToo() throws IOException {
        Answer answer = send("GET /admin/organizations/{id} HTTP/1.1\r\n" + HEAD + "\r\n");
        assertEquals(400, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aControlCharacterInAHeaderValueIs400InTheEnvelope() throws IOException {
        Answer answer = send("GET /v1/agents HTTP/1.1\r\n" + HEAD + "X-Note: a\u0001b\r\n\r\n");
        assertEquals(400, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
        JsonObject details = new JsonObject(answer.body).getJsonObject("error").getJsonObject("details");
        assertEquals("X-Note", details.getString("header"), "the header is named, its value is not echoed");
    }

    @Test
    void aDeleteCharacterInAHeaderValueOutsideThePublicApiIs400InTheEnvelopeToo() throws IOException {
        Answer answer = send("GET /admin/organizations HTTP/1.1\r\n" + HEAD + "X-Note: a\u007fb\r\n\r\n");
        assertEquals(400, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aHeaderNameThatIsNotATokenIs400InTheEnvelope() throws IOException {
        Answer answer = send("GET /v1/agents HTTP/1.1\r\n" + HEAD + "X-No(te): a\r\n\r\n");
        assertEquals(400, answer.status);
        assertEquals("INVALID_REQUEST", answer.code());
    }

    @Test
    void aTabInAHeaderValueIsAllowed() throws IOException {
        Answer answer = send("GET /v1/agents HTTP/1.1\r\n" + HEAD + "X-Note: a\tb\r\n\r\n");
        assertEquals(401, answer.status);
        assertEquals("MISSING_API_KEY", answer.code());
    }

    /** Status and body of the one answer to {@code request}; the body is read to its Content-Length. */
    private Answer send(String request) throws IOException {
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            int status = Integer.parseInt(head.substring(9, 12));
            int length = 0;
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            return new Answer(status, new String(in.readNBytes(length), StandardCharsets.UTF_8));
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        while (matched < end.length) {
            int next = in.read();
            if (next < 0) {
                throw new IOException("connection closed after " + head);
            }
            head.write(next);
            matched = next == end[matched] ? matched + 1 : (next == end[0] ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private record Answer(int status, String body) {
        String code() {
            return body.isEmpty() ? "(empty body)" : new JsonObject(body).getJsonObject("error").getString("code");
        }
    }
}
