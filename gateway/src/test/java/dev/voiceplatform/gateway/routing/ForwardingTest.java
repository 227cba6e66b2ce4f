package dev.voiceplatform.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamPort;
import dev.voiceplatform.gateway.support.UpstreamStub;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the owning service receives from the gateway, and what the caller gets back. */
@QuarkusTest
class ForwardingTest {

    private static final String AGENT = "0199a000-0000-7000-8000-000000000001";
    private static final Vertx CLIENT_VERTX = Vertx.vertx();

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
    void theServiceGetsAnInternalTokenInsteadOfTheKey() throws Exception {
        String organizationId = Admin.createOrganization(Map.of("name", "Forwarded", "plan", "pro",
                "entitlements", List.of("premium-models")));
        Admin.Key key = Admin.createKey(organizationId, "agents:read", "agents:write");

        given().header("Authorization", "Bearer " + key.key()).get("/v1/agents")
                .then().statusCode(200)
                .header("Service-Version", "2026-01-01")
                .body("ok", equalTo(true));

        UpstreamStub.Exchange received = UpstreamStub.next();
        assertEquals("GET", received.method);
        assertEquals("/agents", received.uri);
        assertNull(received.header("X-API-Key"));
        String authorization = received.header("Authorization");
        assertFalse(authorization.contains(key.key()), "the caller's key never leaves the gateway");
        JwtClaims claims = verify(authorization);
        assertEquals("voice-platform-test", claims.getIssuer());
        assertEquals(List.of("agents"), claims.getAudience(), "addressed to the owning service alone");
        assertEquals(key.id(), claims.getSubject());
        assertEquals(organizationId, claims.getStringClaimValue("org"));
        assertEquals(List.of("agents:read", "agents:write"), claims.getStringListClaimValue("groups").stream().sorted().toList());
        assertEquals("organization", claims.getStringClaimValue("key_kind"));
        assertEquals("premium", claims.getStringClaimValue("tier"));
        assertEquals(50L, claims.getClaimValue("max_agents", Long.class));
        assertEquals("active", claims.getStringClaimValue("account_status"));
        assertEquals(List.of("premium-models"), claims.getStringListClaimValue("entitlements"));
        assertEquals(Boolean.TRUE, claims.getClaimValue("can_place_calls", Boolean.class));
        assertTrue(claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue() <= 60);
    }

    @Test
    void theApiKeyHeaderIsNotForwardedEither() throws Exception {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().header("X-API-Key", key.key()).header("Cookie", "session=abc").header("X-Custom", "1")
                .get("/v1/agents/{id}", AGENT)
                .then().statusCode(200);

        UpstreamStub.Exchange received = UpstreamStub.next();
        assertEquals("/agents/" + AGENT, received.uri);
        assertNull(received.header("X-API-Key"));
        assertNull(received.header("Cookie"));
        assertNull(received.header("X-Custom"));
        assertEquals(key.id(), verify(received.header("Authorization")).getSubject());
    }

    @Test
    void planFactsOfAResellerOnASuspendedTrial() throws Exception {
        String organizationId = Admin.createOrganization(Map.of("name", "Reseller", "plan", "trial",
                "status", "suspended", "kind", "reseller", "max_agents", 2));
        Admin.Key key = Admin.createKey(organizationId, "agents:read");
        given().header("X-API-Key", key.key()).get("/v1/agents").then().statusCode(200);

        JwtClaims claims = verify(UpstreamStub.next().header("Authorization"));
        assertEquals("reseller", claims.getStringClaimValue("key_kind"));
        assertEquals("free", claims.getStringClaimValue("tier"));
        assertEquals(2L, claims.getClaimValue("max_agents", Long.class));
        assertEquals("suspended", claims.getStringClaimValue("account_status"));
        assertEquals(Boolean.FALSE, claims.getClaimValue("can_place_calls", Boolean.class));
        assertEquals(List.of(), claims.getStringListClaimValue("entitlements"));
    }

    @Test
    void bodyQueryAndRequestHeadersArriveIntact() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String body = "{\"name\":\"Front desk\",\"greeting\":\"שלום, how can I help?\"}";
        given().header("Authorization", "Bearer " + key.key())
                .header("If-Match", "3")
                .header("Idempotency-Key", "idem-1")
                .header("Accept-Language", "he")
                .header("Accept", "application/json")
                .contentType("application/json; charset=UTF-8")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .urlEncodingEnabled(false)
                .patch("/v1/agents/" + AGENT + "?dry=1&tag=a%20b&tag=c")
                .then().statusCode(200);

        UpstreamStub.Exchange received = UpstreamStub.next();
        assertEquals("PATCH", received.method);
        assertEquals("/agents/" + AGENT + "?dry=1&tag=a%20b&tag=c", received.uri);
        assertEquals("3", received.header("If-Match"));
        // The caller's key stays at the gateway; the service gets the one derived for this request.
        assertNull(received.header("Idempotency-Key"));
        assertNotNull(received.header(IdempotentCreates.HEADER));
        assertEquals("he", received.header("Accept-Language"));
        assertEquals("application/json", received.header("Accept"));
        assertEquals("application/json; charset=UTF-8", received.header("Content-Type"));
        assertEquals(body, received.bodyText());
        assertEquals(String.valueOf(body.getBytes(StandardCharsets.UTF_8).length), received.header("Content-Length"));
    }

    @Test
    void everyRouteOfTheTableReachesTheService() {
        Admin.Key key = Admin.keyFor("pro", "agents:read", "agents:write", "agents:delete");
        List<List<String>> calls = List.of(
                List.of("GET", "/agents"), List.of("POST", "/agents"), List.of("GET", "/agents/" + AGENT),
                List.of("PATCH", "/agents/" + AGENT), List.of("DELETE", "/agents/" + AGENT),
                List.of("POST", "/agents/" + AGENT + "/publish"), List.of("POST", "/agents/" + AGENT + "/unpublish"),
                List.of("GET", "/agents/not-a-uuid"));
        for (List<String> call : calls) {
            given().header("Authorization", "Bearer " + key.key()).request(call.get(0), "/v1" + call.get(1))
                    .then().statusCode(200);
            UpstreamStub.Exchange received = UpstreamStub.next();
            assertEquals(call.get(0), received.method);
            assertEquals(call.get(1), received.uri);
        }
    }

    @Test
    void theServicesAnswerComesBackWithItsStatusBodyAndHeaders() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String envelope = "{\"error\":{\"code\":\"VERSION_CONFLICT\",\"message\":\"stale\",\"hint\":\"reread\","
                + "\"details\":{\"current_version\":4}}}";
        UpstreamStub.replyWith(412, Map.of("Content-Type", "application/json", "X-Upstream-Trace", "t-1",
                "Connection", "X-Hop", "X-Hop", "secret-hop", "Service-Version", "1999-01-01"), envelope);

        Response response = given().header("Authorization", "Bearer " + key.key())
                .header("Service-Version", "2026-08-06")
                .contentType("application/json").body("{}")
                .patch("/v1/agents/{id}", AGENT)
                .then().statusCode(412)
                .header("Service-Version", "2026-08-06")
                .header("X-Upstream-Trace", "t-1")
                .header("X-Hop", nullValue())
                .contentType("application/json")
                .extract().response();
        assertEquals(envelope, response.asString());
    }

    @Test
    void aCallersValidCorrelationIdTravelsToTheService() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().header("Authorization", "Bearer " + key.key()).header("X-Correlation-ID", "crm-42:run.7_a")
                .get("/v1/agents")
                .then().statusCode(200)
                .header("X-Correlation-ID", "crm-42:run.7_a");
        assertEquals("crm-42:run.7_a", UpstreamStub.next().header("X-Correlation-ID"));
    }

    @Test
    void anInvalidCorrelationIdIsReplacedEverywhere() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        String replaced = given().header("Authorization", "Bearer " + key.key())
                .header("X-Correlation-ID", "not valid!")
                .get("/v1/agents")
                .then().statusCode(200)
                .header("X-Correlation-ID", not(equalTo("not valid!")))
                .extract().header("X-Correlation-ID");
        assertEquals(replaced, UpstreamStub.next().header("X-Correlation-ID"));
        UUID.fromString(replaced);
        String generated = given().header("Authorization", "Bearer " + key.key()).get("/v1/agents")
                .then().statusCode(200).extract().header("X-Correlation-ID");
        assertEquals(generated, UpstreamStub.next().header("X-Correlation-ID"));
    }

    @Test
    void theBodyIsStreamedToTheServiceAsItArrives() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(new RequestOptions()
                    .setMethod(HttpMethod.POST).setHost(gateway.getHost()).setPort(gateway.getPort())
                    .setURI("/v1/agents")
                    .putHeader("Authorization", "Bearer " + key.key())
                    .putHeader("Content-Type", "application/json"))
                    .toCompletionStage().toCompletableFuture());
            request.setChunked(true);
            request.write("{\"name\":\"streamed\",");

            // The service sees the first part while the caller has not finished sending.
            UpstreamStub.Exchange received = UpstreamStub.next();
            assertEquals("{\"name\":\"streamed\",", UpstreamStub.await(received.firstBytes).toString());
            assertFalse(received.body.isDone());

            CompletableFuture<String> answer = request.response()
                    .compose(response -> response.body().map(bytes -> response.statusCode() + " " + bytes))
                    .toCompletionStage().toCompletableFuture();
            request.end("\"prompt\":\"p\"}");
            assertEquals("200 {\"ok\":true}", UpstreamStub.await(answer));
            assertEquals("{\"name\":\"streamed\",\"prompt\":\"p\"}", received.bodyText());
            assertEquals("chunked", received.header("Transfer-Encoding"));
        } finally {
            client.close();
        }
    }

    @Test
    void aCallerWaitingForContinueIsToldToSendItsBody() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        HttpClient client = CLIENT_VERTX.createHttpClient();
        try {
            HttpClientRequest request = UpstreamStub.await(client.request(new RequestOptions()
                    .setMethod(HttpMethod.POST).setHost(gateway.getHost()).setPort(gateway.getPort())
                    .setURI("/v1/agents")
                    .putHeader("Authorization", "Bearer " + key.key())
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Content-Length", "2")
                    .putHeader("Expect", "100-continue"))
                    .toCompletionStage().toCompletableFuture());
            CompletableFuture<Void> proceed = new CompletableFuture<>();
            request.continueHandler(ignored -> proceed.complete(null));
            CompletableFuture<Integer> status = request.response().map(response -> response.statusCode())
                    .toCompletionStage().toCompletableFuture();
            request.sendHead();

            UpstreamStub.await(proceed);
            request.end("{}");
            assertEquals(200, UpstreamStub.await(status));
            UpstreamStub.Exchange received = UpstreamStub.next();
            assertEquals("{}", received.bodyText());
            assertNull(received.header("Expect"));
        } finally {
            client.close();
        }
    }

    @Test
    void aBodyAsLargeAsTheCapArrivesByteForByte() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        byte[] body = new byte[(int) RouteTable.JSON_BODY_CAP];
        new Random(7).nextBytes(body);
        given().header("Authorization", "Bearer " + key.key()).contentType("application/octet-stream").body(body)
                .post("/v1/agents")
                .then().statusCode(200);
        UpstreamStub.Exchange received = UpstreamStub.next();
        assertArrayEquals(body, UpstreamStub.await(received.body).getBytes());
        assertEquals(String.valueOf(body.length), received.header("Content-Length"));
    }

    @Test
    void anUnreachableServiceIsUnavailable() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        UpstreamStub.stop();
        try {
            given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                    .get("/v1/agents")
                    .then().statusCode(503)
                    .header("Service-Version", "2026-08-06")
                    .body("error.code", equalTo("SERVICE_UNAVAILABLE"))
                    .body("error.message", not(matchesPattern("(?s).*(127\\.0\\.0\\.1|agents|refused|:\\d+).*")))
                    .body("error.hint", equalTo("Retry shortly."));
        } finally {
            UpstreamStub.start();
        }
        given().header("Authorization", "Bearer " + key.key()).get("/v1/agents").then().statusCode(200);
    }

    @Test
    void aServiceThatNeverAnswersIsUnavailableOnceTheOrdinaryTimeoutPasses() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        long started = System.nanoTime();
        given().header("Authorization", "Bearer " + key.key()).get("/v1" + UpstreamStub.SILENT_PATH)
                .then().statusCode(503)
                .header("Service-Version", "2026-01-01")
                .body("code", equalTo("SERVICE_UNAVAILABLE"));
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        assertEquals("/agents/silent", UpstreamStub.next().uri);
        assertTrue(waited.compareTo(UpstreamPort.ORDINARY_TIMEOUT) >= 0, "answered after " + waited);
        assertTrue(waited.compareTo(UpstreamPort.DRAFTING_TIMEOUT) < 0, "an ordinary route waited " + waited);
    }

    @Test
    void aDraftingWizardWaitsForItsOwnLongerTimeout() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        long started = System.nanoTime();
        given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .contentType("application/json").body("{\"description\":\"A dental clinic in Haifa\"}")
                .post("/v1/agents/drafts/from-description?" + UpstreamStub.SILENT_QUERY)
                .then().statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"))
                .body("error.hint", equalTo("Retry shortly."));
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        assertEquals("/agents/drafts/from-description?" + UpstreamStub.SILENT_QUERY, UpstreamStub.next().uri);
        assertTrue(waited.compareTo(UpstreamPort.DRAFTING_TIMEOUT) >= 0, "a drafting route waited only " + waited);
    }

    @Test
    void refusedRequestsNeverReachTheService() {
        Admin.Key reader = Admin.keyFor("pro", "agents:read");
        given().header("Authorization", "Bearer " + reader.key()).delete("/v1/agents/{id}", AGENT)
                .then().statusCode(403);
        given().header("Authorization", "Bearer svc_live_" + "Z".repeat(32)).get("/v1/agents").then().statusCode(401);
        given().header("Authorization", "Bearer " + reader.key()).urlEncodingEnabled(false)
                .get("/v1/agents/%2e%2e").then().statusCode(404);
        Admin.revoke(reader.id());
        given().header("Authorization", "Bearer " + reader.key()).get("/v1/agents").then().statusCode(401);
        assertFalse(UpstreamStub.received());
    }

    private static JwtClaims verify(String authorization) throws Exception {
        assertTrue(authorization.startsWith("Bearer "));
        String pem = ConfigProvider.getConfig().getValue("mp.jwt.verify.publickey", String.class);
        byte[] der = Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
        PublicKey publicKey = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
        return new JwtConsumerBuilder()
                .setVerificationKey(publicKey)
                .setExpectedIssuer("voice-platform-test")
                // Every route these tests call belongs to the agents service; a token for any other is refused.
                .setExpectedAudience("agents")
                .setRequireExpirationTime()
                .setRequireIssuedAt()
                .setRequireSubject()
                .build()
                .processToClaims(authorization.substring("Bearer ".length()));
    }
}
