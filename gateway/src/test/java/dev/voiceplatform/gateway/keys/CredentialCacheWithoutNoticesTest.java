package dev.voiceplatform.gateway.keys;

import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import dev.voiceplatform.gateway.support.ClosedPort;
import io.vertx.core.Vertx;
import dev.voiceplatform.common.tenancy.KeyKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A replica that cannot hear change notices remembers nothing: every request asks the database. */
class CredentialCacheWithoutNoticesTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void nothingIsRememberedWhileTheListenerIsNotSubscribed() {
        CredentialCache cache = new CredentialCache(config(true), vertx, ClosedPort.postgresUrl(), "postgres", "postgres");
        cache.start(null);
        KeyCredential credential = anyCredential();
        cache.remember("hash", credential, cache.generation());
        assertNull(cache.find("hash"));
        cache.stop(null);
    }

    @Test
    void nothingIsRememberedWhenTheCacheIsOff() {
        CredentialCache cache = new CredentialCache(config(false), vertx, ClosedPort.postgresUrl(), "postgres", "postgres");
        cache.start(null);
        cache.remember("hash", anyCredential(), cache.generation());
        assertNull(cache.find("hash"));
    }

    private static KeyCredential anyCredential() {
        ApiKey key = new ApiKey(UUID.randomUUID(), UUID.randomUUID(), "any", "svc_live_abc", List.of("agents:read"),
                KeyKind.ORGANIZATION, Instant.EPOCH, Instant.EPOCH.plusSeconds(3600), null);
        return new KeyCredential(key, Plan.values()[0], AccountStatus.values()[0], 1, List.of());
    }

    private static GatewayConfig.CredentialCache config(boolean enabled) {
        return new GatewayConfig.CredentialCache() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public Duration maxAge() {
                return Duration.ofMinutes(1);
            }

            @Override
            public int maxEntries() {
                return 10;
            }
        };
    }
}
