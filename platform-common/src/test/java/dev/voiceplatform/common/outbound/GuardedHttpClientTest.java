package dev.voiceplatform.common.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GuardedHttpClientTest {

    private static Vertx vertx;
    private static HttpServer receiver;
    private static final AtomicInteger LOOKUPS = new AtomicInteger();
    private static GuardedHttpClient client;

    @BeforeAll
    static void startReceiverOnLoopback() throws Exception {
        vertx = Vertx.vertx();
        receiver = vertx.createHttpServer().requestHandler(request -> {
            switch (request.path()) {
                case "/ok" -> request.response().end("hello from " + request.getHeader("Host"));
                case "/chain" -> request.response().setStatusCode(302).putHeader("Location", "/ok").end();
                case "/to-private" -> request.response().setStatusCode(302)
                        .putHeader("Location", "http://10.0.0.1/admin").end();
                case "/loop" -> request.response().setStatusCode(302).putHeader("Location", "/loop").end();
                case "/big" -> request.response().end("x".repeat(100_000));
                case "/post-307" -> request.response().setStatusCode(307).putHeader("Location", "/echo").end();
                case "/post-303" -> request.response().setStatusCode(303).putHeader("Location", "/echo").end();
                case "/echo" -> request.body().onSuccess(body ->
                        request.response().end(request.method() + " " + body.toString()));
                default -> request.response().setStatusCode(404).end();
            }
        });
        receiver.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        HostResolver resolver = host -> {
            LOOKUPS.incrementAndGet();
            if (!host.equals("receiver.example.com")) {
                throw new java.net.UnknownHostException(host);
            }
            return List.of(InetAddress.getByName("127.0.0.1"));
        };
        OutboundUrlGuard guard = new OutboundUrlGuard(resolver, new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8"))));
        client = new GuardedHttpClient(guard, vertx);
    }

    @AfterAll
    static void stop() {
        vertx.close();
    }

    private static GuardedHttpClient.Response get(String path, int maxBytes) {
        return send(HttpMethod.GET, path, null, maxBytes);
    }

    private static GuardedHttpClient.Response send(HttpMethod method, String path, String body, int maxBytes) {
        String url = "http://receiver.example.com:" + receiver.actualPort() + path;
        return client.send(new GuardedHttpClient.Request(method, url, null, body == null ? null : Buffer.buffer(body),
                Duration.ofSeconds(5), maxBytes)).await().atMost(Duration.ofSeconds(10));
    }

    @Test
    void connectsToTheCheckedAddressAndSendsTheNameAsHost() {
        int before = LOOKUPS.get();
        GuardedHttpClient.Response response = get("/ok", 10_000);
        assertEquals(200, response.status());
        assertEquals("hello from receiver.example.com:" + receiver.actualPort(), response.body().toString());
        assertEquals(1, LOOKUPS.get() - before, "the name is resolved once, by the guard, and never again");
    }

    @Test
    void followsRedirectsCheckingEveryHop() {
        int before = LOOKUPS.get();
        GuardedHttpClient.Response response = get("/chain", 10_000);
        assertEquals(200, response.status());
        assertTrue(response.url().toString().endsWith("/ok"));
        assertEquals(2, LOOKUPS.get() - before);
    }

    @Test
    void aRedirectIntoAPrivateRangeIsBlocked() {
        Throwable failure = assertThrows(RuntimeException.class, () -> get("/to-private", 10_000));
        OutboundRefusedException refused = assertInstanceOf(OutboundRefusedException.class, failure);
        assertEquals(OutboundRefusedException.Reason.REDIRECT_BLOCKED, refused.reason());
    }

    @Test
    void endlessRedirectsAreBlocked() {
        OutboundRefusedException refused = assertInstanceOf(OutboundRefusedException.class,
                assertThrows(RuntimeException.class, () -> get("/loop", 10_000)));
        assertEquals(OutboundRefusedException.Reason.REDIRECT_BLOCKED, refused.reason());
    }

    @Test
    void aLargeAnswerIsCutAtTheCap() {
        GuardedHttpClient.Response response = get("/big", 1_000);
        assertEquals(1_000, response.body().length());
        assertTrue(response.truncated());
        assertFalse(get("/ok", 10_000).truncated());
    }

    @Test
    void redirectsKeepOrDropTheMethodAsHttpSays() {
        assertEquals("POST payload", send(HttpMethod.POST, "/post-307", "payload", 1_000).body().toString());
        assertEquals("GET ", send(HttpMethod.POST, "/post-303", "payload", 1_000).body().toString());
    }

    @Test
    void aRefusedFirstHopIsReportedAsSuch() {
        OutboundRefusedException refused = assertInstanceOf(OutboundRefusedException.class, assertThrows(
                RuntimeException.class, () -> client.send(new GuardedHttpClient.Request(HttpMethod.GET,
                        "http://169.254.169.254/", null, null, Duration.ofSeconds(1), 100)).await().indefinitely()));
        assertEquals(OutboundRefusedException.Reason.FORBIDDEN_ADDRESS, refused.reason());
    }
}
