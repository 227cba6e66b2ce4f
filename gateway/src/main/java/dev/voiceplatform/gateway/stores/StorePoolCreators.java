package dev.voiceplatform.gateway.stores;

import dev.voiceplatform.common.db.StorePools;
import dev.voiceplatform.gateway.GatewayConfig;
import io.quarkus.arc.Unremovable;
import io.quarkus.reactive.datasource.ReactiveDataSource;
import io.quarkus.reactive.pg.client.PgPoolCreator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The gateway's named database pools are made by {@link StorePools} like the default one (keys and organizations,
 * made by platform-common's {@link dev.voiceplatform.common.db.DefaultStorePool}): no pool connection timeout (whose
 * Vert.x timer fails finished statements a second time during an outage) and a short connect timeout.
 */
@ApplicationScoped
public class StorePoolCreators {

    private final GatewayConfig.Stores stores;

    public StorePoolCreators(GatewayConfig.Stores stores) {
        this.stores = stores;
    }

    @Produces
    @Singleton
    @Unremovable
    @ReactiveDataSource("rate-limits")
    PgPoolCreator rateLimits() {
        return input -> StorePools.create(input, stores.connectTimeout());
    }

    @Produces
    @Singleton
    @Unremovable
    @ReactiveDataSource("idempotency")
    PgPoolCreator idempotency() {
        return input -> StorePools.create(input, stores.connectTimeout());
    }
}
