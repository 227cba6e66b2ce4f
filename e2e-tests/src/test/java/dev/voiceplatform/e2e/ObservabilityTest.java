package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every service serves Prometheus metrics and health checks that include its database and Kafka, on its management
 * port; the public ports answer neither.
 */
class ObservabilityTest {

    @Test
    void theGatewayAndTheAgentsServiceCountTheSameRequestByRouteTemplate() {
        String key = TestOrganization.create("e2e-metrics").fullKey();
        String id = withKey(key).body(Map.of("name", "Metered", "prompt", "p")).post("/agents")
                .then().statusCode(201)
                .header("RateLimit-Policy", "\"hour\";q=10000;w=3600, \"day\";q=100000;w=86400")
                .header("RateLimit", matchesPattern("\"hour\";r=\\d+;t=\\d+, \"day\";r=\\d+;t=\\d+"))
                .extract().path("id");
        withKey(key).get("/agents/{id}", id).then().statusCode(200);

        String gateway = metrics(E2ePlatform.get().managementUrl("gateway"));
        assertTrue(gateway.contains("gateway_requests_seconds_bucket{method=\"GET\",route=\"/agents/{id}\",status=\"200\""),
                "gateway histogram by route template");
        String agents = metrics(E2ePlatform.get().managementUrl("agents"));
        assertTrue(agents.matches("(?s).*http_server_requests_seconds_bucket\\{[^}]*uri=\"/agents/\\{id}\"[^}]*}.*"),
                "agents histogram by route template");
        assertTrue(!agents.contains(id), "no raw ids in tags");
    }

    @Test
    void readinessCoversDatabaseAndKafkaAndLivenessAnswers() {
        URI agents = E2ePlatform.get().managementUrl("agents");
        String ready = given().baseUri(agents.toString()).get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP")).extract().asString();
        assertTrue(ready.contains("PostgreSQL") && ready.contains("Kafka"), ready);
        given().baseUri(agents.toString()).get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));

        withKey(TestOrganization.create("e2e-health").fullKey()).get("/leads").then().statusCode(200);
        URI leads = E2ePlatform.get().managementUrl("leads");
        String leadsReady = given().baseUri(leads.toString()).get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP")).extract().asString();
        assertTrue(leadsReady.contains("PostgreSQL") && leadsReady.contains("Kafka"), leadsReady);
        given().baseUri(leads.toString()).get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        assertTrue(metrics(leads).contains("http_server_requests_seconds_bucket{"), "the leads service times its requests");

        URI gateway = E2ePlatform.get().managementUrl("gateway");
        String gatewayReady = given().baseUri(gateway.toString()).get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP")).extract().asString();
        assertTrue(gatewayReady.contains("PostgreSQL"), gatewayReady);
        given().baseUri(gateway.toString()).get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void thePublicPortsAnswerNeitherHealthNorMetrics() {
        URI gateway = E2ePlatform.get().gatewayUrl();
        for (String path : java.util.List.of("/q/health", "/q/health/ready", "/q/metrics")) {
            given().baseUri(gateway.toString()).get(path).then().statusCode(404)
                    .body("error.code", equalTo("NOT_FOUND"));
            given().baseUri(E2ePlatform.get().serviceUrl("agents").toString()).get(path).then().statusCode(404);
        }
    }

    private static String metrics(URI base) {
        return given().baseUri(base.toString()).get("/q/metrics").then().statusCode(200).extract().asString();
    }
}
