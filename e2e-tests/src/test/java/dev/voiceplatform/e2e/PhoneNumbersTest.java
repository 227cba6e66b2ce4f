package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Phone numbers through the gateway (parts 2.8, 3.1 and 4.6): acquired from the pool the platform starts with, bound
 * to an agent, shown on the agent once the agents service has the event, and holding the agent's deletion back until
 * unbound. Each test acquires at most one number, since the platform's database (and so its pool) outlives a run.
 */
class PhoneNumbersTest {

    private static final Duration PROJECTION_WAIT = Duration.ofSeconds(30);

    @Test
    void acquireBindShowRefuseTheDeleteUnbindThenDelete() {
        String key = TestOrganization.create("e2e-numbers").fullKey();
        String agent = createAgent(key, "Front desk");

        JsonPath acquired = withKey(key).body(Map.of("country", "US")).post("/phone-numbers")
                .then().statusCode(201)
                .body("id", notNullValue())
                .body("inbound_agent_id", nullValue())
                .body("bound", is(false))
                .extract().jsonPath();
        String numberId = acquired.getString("id");
        String phone = acquired.getString("phone_number");
        withKey(key).get("/phone-numbers").then().statusCode(200)
                .body("data.id", contains(numberId))
                .body("data[0].phone_number", equalTo(phone))
                .body("data[0].bound", is(false));
        withKey(key).body(Map.of("country", "IL")).post("/phone-numbers")
                .then().statusCode(409)
                .body("error.code", equalTo("ORG_NUMBER_LIMIT_REACHED"))
                .body("error.details.phone_number_id", equalTo(numberId));

        withKey(key).body(Map.of("phone_number_id", numberId)).post("/agents/{id}/phone-number", agent)
                .then().statusCode(200)
                .body("agent_id", equalTo(agent))
                .body("phone_number", equalTo(phone))
                .body("routing_live", is(true))
                .body("$", not(hasKey("warning")));
        withKey(key).get("/phone-numbers").then().statusCode(200)
                .body("data[0].inbound_agent_id", equalTo(agent))
                .body("data[0].bound", is(true));
        Eventually.check(() -> withKey(key).get("/agents/{id}", agent).then().statusCode(200)
                .body("phone_number", equalTo(phone))
                .body("phone_numbers", contains(phone)));
        withKey(key).get("/agents").then().statusCode(200)
                .body("data.find { it.id == '" + agent + "' }.phone_number", equalTo(phone))
                .body("data.find { it.id == '" + agent + "' }.phone_numbers", contains(phone));

        withKey(key).delete("/agents/{id}", agent).then().statusCode(409)
                .body("error.code", equalTo("AGENT_HAS_PHONE_NUMBER"));
        withKey(key).get("/agents/{id}", agent).then().statusCode(200);

        withKey(key).delete("/agents/{id}/phone-number", agent).then().statusCode(200)
                .body("agent_id", equalTo(agent))
                .body("unbound", is(true))
                .body("phone_numbers", contains(phone));
        withKey(key).get("/phone-numbers").then().body("data[0].bound", is(false));
        Eventually.check(() -> withKey(key).get("/agents/{id}", agent).then().statusCode(200)
                .body("$", not(hasKey("phone_number")))
                .body("$", not(hasKey("phone_numbers"))));

        withKey(key).delete("/agents/{id}", agent).then().statusCode(200).body("deleted", is(true));
        withKey(key).body(Map.of("phone_number_id", numberId)).post("/agents/{id}/phone-number", agent)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        try (KafkaEvents events = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "numbers.events")) {
            assertEquals(phone, events.await(KafkaEvents.ofType("number.bound", agent), PROJECTION_WAIT)
                    .data().path("phone_number").asText());
            assertEquals(numberId, events.await(KafkaEvents.ofType("number.unbound", agent), PROJECTION_WAIT)
                    .data().path("phone_number_id").asText());
        }
    }

    @Test
    void aTrialOrganizationNeedsASubscription() {
        String id = Gateway.admin().body(Map.of("name", Gateway.unique("e2e-numbers-trial"), "plan", "trial"))
                .post("/admin/organizations").then().statusCode(201).extract().path("id");
        String key = new TestOrganization(id, "trial").createKey(TestOrganization.ALL_SCOPES).key();
        withKey(key).body(Map.of("country", "US")).post("/phone-numbers").then().statusCode(402)
                .body("error.code", equalTo("SUBSCRIPTION_REQUIRED"))
                .body("error.details.current_tier", equalTo("free"));
        withKey(key).get("/phone-numbers").then().statusCode(200).body("data.size()", equalTo(0));
    }

    @Test
    void anotherOrganizationNeitherSeesBindsNorUnbindsTheNumbers() {
        String ownerKey = TestOrganization.create("e2e-numbers-owner").fullKey();
        String otherKey = TestOrganization.create("e2e-numbers-other").fullKey();
        String ownerAgent = createAgent(ownerKey, "Owner line");
        String otherAgent = createAgent(otherKey, "Other line");
        String numberId = withKey(ownerKey).body(Map.of("country", "IL")).post("/phone-numbers")
                .then().statusCode(201).extract().path("id");
        withKey(ownerKey).body(Map.of("phone_number_id", numberId)).post("/agents/{id}/phone-number", ownerAgent)
                .then().statusCode(200);

        withKey(otherKey).get("/phone-numbers").then().statusCode(200).body("data.size()", equalTo(0));
        for (String agent : List.of(otherAgent, ownerAgent)) {
            withKey(otherKey).body(Map.of("phone_number_id", numberId)).post("/agents/{id}/phone-number", agent)
                    .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        }
        withKey(otherKey).delete("/agents/{id}/phone-number", ownerAgent).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        withKey(ownerKey).get("/phone-numbers").then().body("data[0].inbound_agent_id", equalTo(ownerAgent));
    }

    @Test
    void readingAndChangingNumbersNeedTheirScopes() {
        TestOrganization organization = TestOrganization.create("e2e-numbers-scopes");
        String reader = organization.createKey(List.of("phone_numbers:read")).key();
        withKey(reader).get("/phone-numbers").then().statusCode(200);
        withKey(reader).body(Map.of("country", "US")).post("/phone-numbers").then().statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"))
                .body("error.details.required_scope", equalTo("phone_numbers:write"));
    }

    private static String createAgent(String key, String name) {
        return withKey(key).body(Map.of("name", name, "prompt", "You answer the phone."))
                .post("/agents").then().statusCode(201).extract().path("id");
    }
}
