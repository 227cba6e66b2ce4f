package dev.voiceplatform.numbers.pool;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.numbers.config.NumbersConfig;
import dev.voiceplatform.numbers.number.repository.PhoneNumberRepository;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Puts the configured pool into the database when the service starts. Numbers already known keep their state, so a
 * restart, or a number configured again after it was acquired, changes nothing. A pool setting that is not valid
 * stops the start: a service running with half its pool would fail acquisitions later and quietly.
 */
@ApplicationScoped
public class PoolSeeder {

    private static final Logger LOG = Logger.getLogger(PoolSeeder.class);

    private final Pool pool;
    private final PhoneNumberRepository numbers;
    private final NumbersConfig config;
    private final Clock clock;

    public PoolSeeder(Pool pool, PhoneNumberRepository numbers, NumbersConfig config, Clock clock) {
        this.pool = pool;
        this.numbers = numbers;
        this.config = config;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        seed();
    }

    /** Adds the configured numbers the database does not know yet; returns how many it added. */
    public int seed() {
        int added = 0;
        for (Map.Entry<String, String> setting : config.pool().entrySet()) {
            String country = setting.getKey().toUpperCase(Locale.ROOT);
            if (config.countries().stream().noneMatch(country::equalsIgnoreCase)) {
                throw new IllegalStateException("platform.numbers.pool." + setting.getKey() + " is set, but "
                        + country + " is not in platform.numbers.countries");
            }
            List<String> entries = parse(setting.getKey(), country, setting.getValue());
            added += pool.withTransaction(tx -> numbers.addToPool(tx, country, entries, DbTime.now(clock)))
                    .await().atMost(Duration.ofMinutes(1));
        }
        LOG.infof("Number pool seeded: %d new numbers", added);
        return added;
    }

    private static List<String> parse(String key, String country, String value) {
        try {
            return PoolEntries.parse(country, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("platform.numbers.pool." + key + ": " + e.getMessage(), e);
        }
    }
}
