package dev.voiceplatform.numbers.number.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AcquireTest {

    @Test
    void acquiresANumberOfTheCountryFromThePoolAndListsIt() {
        NumberApi api = NumberApi.newOrganization();
        String id = api.acquire("US").statusCode(201)
                .header("Location", nullValue())
                .body("id", notNullValue())
                .body("phone_number", matchesPattern("\\+1201555\\d{4}"))
                .body("inbound_agent_id", nullValue())
                .body("bound", equalTo(false))
                .extract().path("id");
        Map<String, Object> row = heldBy(api.organizationId()).get(0);
        assertEquals(UUID.fromString(id), row.get("id"));
        assertEquals("US", row.get("country"));
        assertEquals("pool", row.get("source"));
        assertNotNull(row.get("acquired_at"));

        api.list().statusCode(200)
                .body("data.id", contains(id))
                .body("data[0].phone_number", equalTo(row.get("phone_number")))
                .body("data[0].inbound_agent_id", nullValue())
                .body("data[0].bound", equalTo(false))
                .body("pagination", nullValue());
        assertEquals(0, TestDatabase.query("SELECT id FROM outbox_event WHERE payload->>'org_id' = ?",
                api.organizationId().toString()).size(), "acquiring emits nothing");
    }

    @Test
    void theChecksComeInTheirDocumentedOrder() {
        NumberApi trial = NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free")
                .scopes(NumberApi.NUMBER_SCOPES));
        trial.acquire(Map.of()).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"));
        trial.acquire("FR").statusCode(402).body("error.code", equalTo("SUBSCRIPTION_REQUIRED"));
        NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).reseller().scopes(NumberApi.NUMBER_SCOPES))
                .acquire(Map.of()).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        NumberApi holder = NumberApi.newOrganization();
        holder.acquireNumber();
        holder.acquire("FR").statusCode(400).body("error.code", equalTo("COUNTRY_NOT_SUPPORTED"));
    }

    @Test
    void theCountryIsReadWithoutRegardToCase() {
        NumberApi.newOrganization().acquire("il").statusCode(201).body("phone_number", matchesPattern("\\+9723555\\d{4}"));
    }

    @Test
    void theCountryIsRequiredAndMustBeAString() {
        NumberApi api = NumberApi.newOrganization();
        api.acquire(Map.of()).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("country")).body("error.fields[0].reason", equalTo("is required"));
        api.acquire(Map.of("country", 1)).statusCode(400).body("error.fields[0].reason", equalTo("must be a string"));
        api.acquire(Map.of("country", " ")).statusCode(400).body("error.fields[0].reason", equalTo("must not be blank"));
        api.acquire(List.of("US")).statusCode(400).body("error.code", equalTo("INVALID_REQUEST"));
        api.request().post("/phone-numbers").then().statusCode(400).body("error.code", equalTo("INVALID_REQUEST"));
        assertEquals(0, heldBy(api.organizationId()).size());
    }

    @Test
    void aCountryWithoutInventoryIs400CountryNotSupported() {
        NumberApi api = NumberApi.newOrganization();
        api.acquire("FR").statusCode(400)
                .body("error.code", equalTo("COUNTRY_NOT_SUPPORTED"))
                .body("error.details.supported_countries", contains("IL", "US"));
        assertEquals(0, heldBy(api.organizationId()).size());
    }

    @Test
    void theTrialPlanGets402SubscriptionRequiredAndNothingIsReserved() {
        NumberApi trial = NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free")
                .scopes(NumberApi.NUMBER_SCOPES));
        long available = available("US");
        trial.acquire("US").statusCode(402)
                .body("error.code", equalTo("SUBSCRIPTION_REQUIRED"))
                .body("error.details.current_tier", equalTo("free"))
                .body("error.details.upgrade_url", notNullValue());
        assertEquals(0, heldBy(trial.organizationId()).size());
        assertEquals(available, available("US"));
    }

    @Test
    void aPaidPlanOnASuspendedAccountGetsTheSame402() {
        NumberApi suspended = NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("premium")
                .accountStatus("suspended").scopes(NumberApi.NUMBER_SCOPES));
        suspended.acquire("US").statusCode(402)
                .body("error.code", equalTo("SUBSCRIPTION_REQUIRED"))
                .body("error.details.account_status", equalTo("suspended"));
        assertEquals(0, heldBy(suspended.organizationId()).size());
    }

    @Test
    void aSecondAcquisitionIs409NamingTheNumberHeld() {
        NumberApi api = NumberApi.newOrganization();
        String first = api.acquireNumber();
        api.acquire("IL").statusCode(409)
                .body("error.code", equalTo("ORG_NUMBER_LIMIT_REACHED"))
                .body("error.details.phone_number_id", equalTo(first));
        assertEquals(1, heldBy(api.organizationId()).size());
    }

    @Test
    void anOrganizationIdInTheBodyDoesNotWidenTheKey() {
        NumberApi api = NumberApi.newOrganization();
        Map<String, Object> body = new HashMap<>();
        body.put("country", "US");
        body.put("organization_id", UUID.randomUUID().toString());
        String id = api.acquire(body).statusCode(201).extract().path("id");
        assertEquals(api.organizationId(), TestDatabase.query("SELECT org_id FROM phone_numbers WHERE id = ?",
                UUID.fromString(id)).get(0).get("org_id"));
    }

    @Test
    void aReleasedNumberIsNotListedAndFreesTheOrganizationsSlot() {
        NumberApi api = NumberApi.newOrganization();
        String released = api.acquireNumber();
        // Releasing is a dashboard action; the API only sees its effect.
        TestDatabase.update("UPDATE phone_numbers SET status = 'released', released_at = now() WHERE id = ?",
                UUID.fromString(released));
        api.list().statusCode(200).body("data.size()", equalTo(0));
        String next = api.acquireNumber();
        assertNotEquals(released, next);
        api.list().statusCode(200).body("data.id", contains(next));
    }

    @Test
    void anotherOrganizationDoesNotSeeTheNumbers() {
        NumberApi owner = NumberApi.newOrganization();
        owner.acquireNumber();
        NumberApi.newOrganization().list().statusCode(200).body("data.size()", equalTo(0));
    }

    @Test
    void pastThePlatformCapAcquisitionIs402AndNothingIsReserved() {
        NumberApi api = NumberApi.newOrganization();
        NumberApi holder = NumberApi.newOrganization();
        holder.acquireNumber();
        long cap = ConfigProvider.getConfig().getValue("platform.numbers.platform-cap", Long.class);
        long held = (Long) TestDatabase.query("SELECT count(*) AS n FROM phone_numbers WHERE status = 'assigned'")
                .get(0).get("n");
        List<UUID> filler = new ArrayList<>();
        try {
            for (long i = held; i < cap; i++) {
                UUID id = UUID.randomUUID();
                filler.add(id);
                TestDatabase.update("INSERT INTO phone_numbers (id, phone_number, country, source, status, org_id, "
                        + "created_at, acquired_at) VALUES (?, ?, 'US', 'test', 'assigned', ?, now(), now())",
                        id, "+1999" + id.toString().substring(0, 8), UUID.randomUUID());
            }
            long available = available("US");
            api.acquire("US").statusCode(402).body("error.code", equalTo("PLATFORM_NUMBER_CAPACITY_REACHED"));
            assertEquals(0, heldBy(api.organizationId()).size());
            assertEquals(available, available("US"));
            holder.acquire("US").statusCode(409).body("error.code", equalTo("ORG_NUMBER_LIMIT_REACHED"));

            TestDatabase.update("UPDATE phone_numbers SET status = 'released', released_at = now() WHERE id = ?",
                    filler.get(0));
            api.acquire("US").statusCode(201);
        } finally {
            filler.forEach(id -> TestDatabase.update("DELETE FROM phone_numbers WHERE id = ?", id));
        }
    }

    @Test
    void anEmptyPoolWithNothingFromTheProviderIs503NoNumbersAvailable() throws Exception {
        NumberApi api = NumberApi.newOrganization();
        try (Connection other = TestDatabase.connect()) {
            // Another transaction holding every available IL number leaves the pool empty for this one.
            other.setAutoCommit(false);
            try (PreparedStatement hold = other.prepareStatement(
                    "SELECT id FROM phone_numbers WHERE country = 'IL' AND status = 'available' FOR UPDATE")) {
                hold.executeQuery();
            }
            api.acquire("IL").statusCode(503).body("error.code", equalTo("NO_NUMBERS_AVAILABLE"));
            assertEquals(0, heldBy(api.organizationId()).size());
            other.rollback();
        }
        api.acquire("IL").statusCode(201);
    }

    @Test
    void theDatabaseRefusesASecondHeldNumberForOneOrganization() {
        NumberApi api = NumberApi.newOrganization();
        api.acquireNumber();
        UUID spare = (UUID) TestDatabase.query("SELECT id FROM phone_numbers WHERE status = 'available' LIMIT 1")
                .get(0).get("id");
        assertThrows(IllegalStateException.class, () -> TestDatabase.update(
                "UPDATE phone_numbers SET status = 'assigned', org_id = ?, acquired_at = now() WHERE id = ?",
                api.organizationId(), spare));
    }

    static List<Map<String, Object>> heldBy(UUID organizationId) {
        return TestDatabase.query("SELECT id, phone_number, country, source, acquired_at FROM phone_numbers "
                + "WHERE org_id = ? AND status = 'assigned'", organizationId);
    }

    static long available(String country) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM phone_numbers WHERE country = ? "
                + "AND status = 'available'", country).get(0).get("n");
    }
}
