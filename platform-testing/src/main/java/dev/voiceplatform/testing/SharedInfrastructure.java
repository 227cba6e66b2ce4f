package dev.voiceplatform.testing;

import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.local.EmbeddedKafkaBroker;
import dev.voiceplatform.local.EmbeddedPostgresServer;
import java.security.KeyPair;

/** One PostgreSQL server, one Kafka broker and one token key pair per test JVM, started on first use. */
final class SharedInfrastructure {

    private static EmbeddedPostgresServer postgres;
    private static EmbeddedKafkaBroker kafka;
    private static final KeyPair TOKEN_KEYS = KeyPems.generate();

    private SharedInfrastructure() {
    }

    static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            postgres = EmbeddedPostgresServer.start(null, 0);
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::close));
        }
        return postgres;
    }

    static synchronized EmbeddedKafkaBroker kafka() {
        if (kafka == null) {
            kafka = EmbeddedKafkaBroker.start();
            Runtime.getRuntime().addShutdownHook(new Thread(kafka::close));
        }
        return kafka;
    }

    static KeyPair tokenKeys() {
        return TOKEN_KEYS;
    }
}
