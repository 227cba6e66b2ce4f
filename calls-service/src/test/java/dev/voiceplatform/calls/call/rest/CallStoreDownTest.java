package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.calls.RuntimeStandIn;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The service's database unreachable (its reactive URL on a loopback port nothing listens on; Flyway ran on the real
 * one at start): the call quotas live there, so placing a call is 503 QUOTA_UNAVAILABLE and nothing is dialled; reads
 * are 503 SERVICE_UNAVAILABLE.
 */
@QuarkusTest
@TestProfile(CallStoreDownTest.DatabaseUnreachable.class)
class CallStoreDownTest {

    public static class DatabaseUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + closedPort() + "/calls");
        }

        private static int closedPort() {
            try (ServerSocket socket = new ServerSocket(0)) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void placingACallIsQuotaUnavailableAndNothingIsDialled() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        api.place(api.call(to)).statusCode(503).body("error.code", equalTo("QUOTA_UNAVAILABLE"));
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
        api.request().get("/calls").then().statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
    }
}
