package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.db.DefaultStorePool;
import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The service's database unreachable (its reactive URL on a loopback port nothing listens on; Flyway ran on the real
 * one at start): requests answer 503 SERVICE_UNAVAILABLE in the envelope, not 500, and the pool is the platform's
 * (common/db/DefaultStorePool), whose connect timeout bounds the wait and whose pool has no connection timer to fail a
 * finished statement a second time.
 */
@QuarkusTest
@TestProfile(LeadStoreDownTest.DatabaseUnreachable.class)
class LeadStoreDownTest {

    public static class DatabaseUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + closedPort() + "/leads");
        }

        private static int closedPort() {
            try (ServerSocket socket = new ServerSocket(0)) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Inject
    Instance<PgPoolCreator> poolCreators;

    @Test
    void theDefaultPoolIsMadeByThePlatformStorePools() {
        assertTrue(poolCreators.isResolvable(), "one creator for the default datasource");
        assertEquals(DefaultStorePool.class, poolCreators.getHandle().getBean().getBeanClass());
    }

    @Test
    void readsAndWritesAnswer503ServiceUnavailable() {
        LeadApi api = LeadApi.newOrganization();

        api.request().get("/leads").then().statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        api.create(api.validLead()).statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"));
    }
}
