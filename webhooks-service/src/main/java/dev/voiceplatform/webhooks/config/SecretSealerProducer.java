package dev.voiceplatform.webhooks.config;

import dev.voiceplatform.common.crypto.CryptoConfig;
import dev.voiceplatform.common.crypto.EncryptionKeys;
import dev.voiceplatform.common.crypto.SecretSealer;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Seals signing secrets and custom headers at rest. Made at start, so a missing current key stops the service with a
 * clear message instead of failing the first create.
 */
@ApplicationScoped
public class SecretSealerProducer {

    @Produces
    @Singleton
    @Startup
    SecretSealer sealer(CryptoConfig config) {
        return new SecretSealer(EncryptionKeys.from(config));
    }
}
