package dev.voiceplatform.gateway.policy;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Part 8 request limits per key, by the tier of the organization's plan, in hour and UTC-day windows. */
@QuarkusTest
class RateLimitTest {

    private static final String CURRENT = "2026-08-06";

    @Inject
    TestClock clock;

    @BeforeEach
    void startOfADay() {
        // Every test starts one minute into a UTC day, so hours it moves through never cross midnight.
        Instant now = clock.instant();
        clock.advance(Duration.between(now, now.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)).plusSeconds(60)));
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static RequestSpecification as(String key) {
        return given().header("Authorization", "Bearer " + key).header("Service-Version", CURRENT);
    }

    private static void spend(String key, int requests) {
        for (int i = 0; i < requests; i++) {
            as(key).get("/v1/me").then().statusCode(200);
        }
    }

    @Test
    void everyAnswerToAKeyCarriesThePolicyAndTheState() {
        Admin.Key key = Admin.keyFor("starter", "agents:read");
        as(key.key()).get("/v1/me")
                .then().statusCode(200)
                .header("RateLimit-Policy", "\"hour\";q=1000;w=3600, \"day\";q=10000;w=86400")
                .header("RateLimit", matchesPattern("\"hour\";r=999;t=\\d+, \"day\";r=9999;t=\\d+"));
        // Refusals after the key is known carry them too, and count.
        as(key.key()).get("/v1/nothing-here")
                .then().statusCode(404)
                .header("RateLimit", matchesPattern("\"hour\";r=998;t=\\d+, \"day\";r=9998;t=\\d+"));
        as(key.key()).delete("/v1/agents/{id}", "0199a000-0000-7000-8000-000000000001")
                .then().statusCode(403)
                .header("RateLimit-Policy", notNullValue())
                .header("RateLimit", matchesPattern("\"hour\";r=997;t=\\d+, \"day\";r=9997;t=\\d+"));
    }

    @Test
    void aBusyKeyTakesItsRequestsFromTheSharedCountersAHundredthAtATime() {
        // Standard tier: 1,000 an hour, so a lease is 10 requests, counted in the shared store when taken.
        Admin.Key key = Admin.keyFor("starter", "agents:read");
        spend(key.key(), 3);
        assertEquals(10, hourCount(key.id()));
        as(key.key()).get("/v1/me").then().statusCode(200)
                .header("RateLimit", matchesPattern("\"hour\";r=996;t=\\d+, \"day\";r=9996;t=\\d+"));
        spend(key.key(), 7);
        assertEquals(20, hourCount(key.id()), "the eleventh request took the next lease");
    }

    @Test
    void requestsLetThroughByEveryReplicaTogetherNeverPassTheLimit() {
        Admin.Key key = Admin.keyFor("starter", "agents:read");
        spend(key.key(), 1);
        // Other replicas took all but 5 of the hour; this one still holds the 9 it took and did not use.
        TestDatabase.update("UPDATE rate_limit_counters SET hour_count = 995 WHERE api_key_id = ?::uuid", key.id());
        spend(key.key(), 9 + 5);
        assertEquals(1000, hourCount(key.id()));
        as(key.key()).get("/v1/me").then().statusCode(429).body("error.code", equalTo("RATE_LIMIT_EXCEEDED"));
        assertEquals(1000, hourCount(key.id()));
    }

    private static int hourCount(String keyId) {
        return ((Number) TestDatabase.query("SELECT hour_count FROM rate_limit_counters WHERE api_key_id = ?::uuid",
                keyId).get(0).get("hour_count")).intValue();
    }

    @Test
    void theFreeTierAllowsOneHundredAnHourThenRefusesUntilTheNextHour() {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        spend(key.key(), 100);
        Instant now = clock.instant();
        Instant nextHour = now.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
        long retryAfter = (Duration.between(now, nextHour).toMillis() + 999) / 1000;

        Response refused = as(key.key()).get("/v1/me")
                .then().statusCode(429)
                .header("Service-Version", CURRENT)
                .header("RateLimit", matchesPattern("\"hour\";r=0;t=\\d+, \"day\";r=400;t=\\d+"))
                .header("X-RateLimit-Reset", Long.toString(nextHour.getEpochSecond()))
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.hint", notNullValue())
                .body("error.details.reset_at", equalTo(nextHour.toString()))
                .body("error.details.window", equalTo("hour"))
                .extract().response();
        long sentRetryAfter = Long.parseLong(refused.header("Retry-After"));
        // Counted from the moment the gateway answered, a little after `now` on a loaded machine.
        assertTrue(sentRetryAfter <= retryAfter && sentRetryAfter > retryAfter - 60, sentRetryAfter + " vs " + retryAfter);
        assertEquals(sentRetryAfter, ((Number) refused.path("error.details.retry_after")).longValue());

        clock.advance(Duration.between(clock.instant(), nextHour));
        as(key.key()).get("/v1/me").then().statusCode(200)
                .header("RateLimit", matchesPattern("\"hour\";r=99;t=\\d+, \"day\";r=399;t=\\d+"));
    }

    @Test
    void theDayRunsOutAfterFiveHundredAndRefusedRequestsDoNotCount() {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        for (int hour = 0; hour < 4; hour++) {
            spend(key.key(), 100);
            // Refused for the hour; if it counted, the day would run out before the fifth hour is spent.
            as(key.key()).get("/v1/me").then().statusCode(429).body("error.details.window", equalTo("hour"));
            clock.advance(Duration.ofHours(1));
        }
        spend(key.key(), 100);
        Instant midnight = clock.instant().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
        as(key.key()).get("/v1/me")
                .then().statusCode(429)
                .body("error.details.window", equalTo("day"))
                .body("error.details.reset_at", equalTo(midnight.toString()));
        clock.advance(Duration.ofHours(1));
        as(key.key()).get("/v1/me")
                .then().statusCode(429)
                .header("RateLimit", matchesPattern("\"hour\";r=100;t=\\d+, \"day\";r=0;t=\\d+"))
                .header("X-RateLimit-Reset", Long.toString(midnight.getEpochSecond()))
                .body("error.details.window", equalTo("day"))
                .body("error.details.reset_at", equalTo(midnight.toString()));

        clock.advance(Duration.between(clock.instant(), midnight));
        as(key.key()).get("/v1/me").then().statusCode(200);
    }

    @Test
    void withoutAVersionTheRefusalIsFlatButKeepsItsDetailsAndHeaders() {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        spend(key.key(), 100);
        given().header("X-API-Key", key.key()).get("/v1/me")
                .then().statusCode(429)
                .header("Service-Version", "2026-01-01")
                .header("Retry-After", matchesPattern("\\d+"))
                .header("X-RateLimit-Reset", matchesPattern("\\d+"))
                .body("code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error", notNullValue())
                .body("details.reset_at", notNullValue())
                .body("details.retry_after", notNullValue());
    }

    @Test
    void eachKeyCountsOnItsOwn() {
        String organizationId = Admin.createOrganization("trial");
        Admin.Key first = Admin.createKey(organizationId, "agents:read");
        Admin.Key second = Admin.createKey(organizationId, "agents:read");
        spend(first.key(), 100);
        as(first.key()).get("/v1/me").then().statusCode(429);
        as(second.key()).get("/v1/me").then().statusCode(200)
                .header("RateLimit", matchesPattern("\"hour\";r=99;t=\\d+, \"day\";r=499;t=\\d+"));
    }

    @Test
    void theTierComesFromThePlanNeverFromTheRequest() {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        as(key.key()).header("X-RateLimit-Tier", "premium").queryParam("tier", "premium")
                .get("/v1/me")
                .then().statusCode(200)
                .header("RateLimit-Policy", "\"hour\";q=100;w=3600, \"day\";q=500;w=86400");
        admin().body(Map.of("plan", "enterprise")).patch("/admin/organizations/{id}", key.organizationId())
                .then().statusCode(200);
        as(key.key()).get("/v1/me")
                .then().statusCode(200)
                .header("RateLimit-Policy", "\"hour\";q=10000;w=3600, \"day\";q=100000;w=86400")
                .body("rate_limit_tier", equalTo("premium"));
    }

    @Test
    void requestsRefusedBeforeAKeyIsKnownCarryNoLimits() {
        given().get("/v1/me").then().statusCode(401).header("RateLimit", nullValue());
        given().header("Service-Version", "latest").get("/v1/me").then().statusCode(400)
                .header("RateLimit-Policy", nullValue());
    }

    @Test
    void concurrentRequestsNeverOvershootTheLimit() throws Exception {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        spend(key.key(), 90);
        List<Integer> statuses = java.util.stream.IntStream.range(0, 30).parallel()
                .mapToObj(i -> as(key.key()).get("/v1/me").statusCode())
                .toList();
        assertEquals(10, statuses.stream().filter(status -> status == 200).count(), statuses.toString());
        assertEquals(20, statuses.stream().filter(status -> status == 429).count(), statuses.toString());
    }
}
