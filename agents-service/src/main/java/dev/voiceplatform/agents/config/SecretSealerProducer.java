package dev.voiceplatform.agents.config;

import dev.voiceplatform.common.crypto.CryptoConfig;
import dev.voiceplatform.common.crypto.EncryptionKeys;
import dev.voiceplatform.common.crypto.SecretSealer;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Makes the sealer of the agents' credentials at start, so a missing current key or a malformed key stops the
 * service with a clear message (never the key) instead of failing the first save.
 */
@ApplicationScoped
public class SecretSealerProducer {

    @Produces
    @Singleton
    @Startup
    SecretSealer secretSealer(CryptoConfig config) {
        return new SecretSealer(EncryptionKeys.from(config));
    }
}
