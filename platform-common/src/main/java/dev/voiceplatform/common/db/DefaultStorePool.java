package dev.voiceplatform.common.db;

import io.quarkus.arc.Unremovable;
import io.quarkus.reactive.pg.client.PgPoolCreator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every service's default datasource pool is made by {@link StorePools}: no pool connection timeout (whose Vert.x
 * timer fails finished statements a second time during an outage) and a short connect timeout. Quarkus asks the
 * bean container for this creator when it builds the pool; a service with named datasources produces one creator per
 * name itself.
 */
@ApplicationScoped
public class DefaultStorePool {

    /** Time allowed to open a connection to the database; past it the statement fails and the caller gets a 503. */
    public static final String CONNECT_TIMEOUT = "platform.stores.connect-timeout";

    @Produces
    @Singleton
    @Unremovable
    PgPoolCreator defaultStorePool(@ConfigProperty(name = CONNECT_TIMEOUT, defaultValue = "2s") Duration connectTimeout) {
        return input -> StorePools.create(input, connectTimeout);
    }
}
