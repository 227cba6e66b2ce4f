package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.routing.RouteTable;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.net.URL;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** 413 BODY_TOO_LARGE above the route's cap, decided before the body is read whole. */
@QuarkusTest
class BodyCapTest {

    private static final Vertx CLIENT_VERTX = Vertx.vertx();
    private static final int CAP = (int) RouteTable.JSON_BODY_CAP;

    @TestHTTPResource("/")
    URL gateway;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @AfterAll
    static void closeClient() {
        CLIENT_VERTX.close();
    }

    @Test
    void aDeclaredLengthOverTheCapIsRefusedWithoutReachingTheService() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .contentType("application/json").body(new byte[CAP + 1])
                .post("/v1/agents")
                .then().statusCode(413)
                .body("error.code", equalTo("BODY_TOO_LARGE"))
                .body("error.details.max_bytes", equalTo(CAP))
                .body("error.hint", equalTo("Send a smaller body."));
        assertFalse(UpstreamStub.received());
        // The connection stays usable: the refused body was read and dropped.
        given().header("Authorization", "Bearer " + key.key()).contentType("application/json").body("{}")
                .post("/v1/agents").then().statusCode(200);
    }

    @Test
    void aCallerWaitingForContinueIsRefusedBeforeItSendsTheBody() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(options(key)
                    .putHeader("Content-Length", Integer.toString(CAP + 1))
                    .putHeader("Expect", "100-continue")).toCompletionStage().toCompletableFuture());
            CompletableFuture<Boolean> continued = new CompletableFuture<>();
            request.continueHandler(ignored -> continued.complete(true));
            CompletableFuture<String> answer = answerOf(request);
            request.sendHead();
            assertEquals("413 BODY_TOO_LARGE", UpstreamStub.await(answer));
            assertFalse(continued.isDone(), "no 100 Continue for a body that would be refused");
        } finally {
            client.close();
        }
        assertFalse(UpstreamStub.received());
    }

    @Test
    void aChunkedBodyIsCutOffOnceItPassesTheCap() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(options(key)).toCompletionStage()
                    .toCompletableFuture());
            request.setChunked(true);
            CompletableFuture<String> answer = answerOf(request);
            byte[] chunk = new byte[64 * 1024];
            for (int sent = 0; sent <= CAP && !answer.isDone(); sent += chunk.length) {
                request.write(Buffer.buffer(chunk));
            }
            assertEquals("413 BODY_TOO_LARGE", UpstreamStub.await(answer));
            request.reset();
        } finally {
            client.close();
        }
        // The service saw the start of the body streaming in, then the exchange was reset: never a whole body.
        UpstreamStub.Exchange received = UpstreamStub.next();
        assertTrue(UpstreamStub.await(received.firstBytes).length() > 0);
        assertFalse(received.body.isDone());
    }

    @Test
    void aChunkedBodyWithAnIdempotencyKeyIsCutOffToo() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(options(key)
                    .putHeader("Idempotency-Key", "chunked-" + System.nanoTime())).toCompletionStage()
                    .toCompletableFuture());
            request.setChunked(true);
            CompletableFuture<String> answer = answerOf(request);
            byte[] chunk = new byte[64 * 1024];
            for (int sent = 0; sent <= CAP && !answer.isDone(); sent += chunk.length) {
                request.write(Buffer.buffer(chunk));
            }
            assertEquals("413 BODY_TOO_LARGE", UpstreamStub.await(answer));
            request.reset();
        } finally {
            client.close();
        }
        assertFalse(UpstreamStub.received());
    }

    @Test
    void aChunkedBodyUnderTheCapArrivesWhole() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(options(key)).toCompletionStage()
                    .toCompletableFuture());
            request.setChunked(true);
            CompletableFuture<String> answer = answerOf(request);
            request.write(Buffer.buffer(new byte[CAP / 2]));
            request.end(Buffer.buffer(new byte[CAP / 2]));
            assertEquals("200 null", UpstreamStub.await(answer));
        } finally {
            client.close();
        }
        assertEquals(CAP, UpstreamStub.await(UpstreamStub.next().body).length());
    }

    private RequestOptions options(Admin.Key key) {
        return new RequestOptions().setMethod(HttpMethod.POST).setHost(gateway.getHost()).setPort(gateway.getPort())
                .setURI("/v1/agents")
                .putHeader("Authorization", "Bearer " + key.key())
                .putHeader("Service-Version", "2026-08-06")
                .putHeader("Content-Type", "application/json");
    }

    /** "status error.code" of the answer, or "status null" when the body is not an error. */
    private static CompletableFuture<String> answerOf(HttpClientRequest request) {
        return request.response().compose(response -> response.body().map(body -> {
            Object code = null;
            if (body.length() > 0 && body.toString().startsWith("{\"error\"")) {
                code = new JsonObject(body).getJsonObject("error").getString("code");
            }
            return response.statusCode() + " " + code;
        })).toCompletionStage().toCompletableFuture();
    }
}
