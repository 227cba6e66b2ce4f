package dev.voiceplatform.numbers.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PoolSeederTest {

    @Inject
    PoolSeeder seeder;

    @Test
    void theConfiguredPoolIsInTheDatabaseAndSeedingAgainChangesNothing() {
        assertEquals(100L, count("SELECT count(*) AS n FROM phone_numbers WHERE country = 'US' AND source = 'pool' "
                + "AND phone_number BETWEEN '+12015550100' AND '+12015550199'"));
        assertEquals(100L, count("SELECT count(*) AS n FROM phone_numbers WHERE country = 'IL' AND source = 'pool' "
                + "AND phone_number BETWEEN '+97235550100' AND '+97235550199'"));

        UUID organization = UUID.randomUUID();
        TestDatabase.update("UPDATE phone_numbers SET status = 'assigned', org_id = ?, acquired_at = now() "
                + "WHERE phone_number = (SELECT max(phone_number) FROM phone_numbers WHERE country = 'US' "
                + "AND status = 'available')", organization);
        long total = count("SELECT count(*) AS n FROM phone_numbers");

        assertEquals(0, seeder.seed());
        assertEquals(total, count("SELECT count(*) AS n FROM phone_numbers"));
        assertEquals(1L, count("SELECT count(*) AS n FROM phone_numbers WHERE org_id = '" + organization
                + "' AND status = 'assigned'"));
    }

    private static long count(String sql) {
        return (Long) TestDatabase.query(sql).get(0).get("n");
    }
}
