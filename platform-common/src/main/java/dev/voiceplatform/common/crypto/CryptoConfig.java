package dev.voiceplatform.common.crypto;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Map;
import java.util.Optional;

/**
 * The keys secrets are sealed with at rest ({@link SecretSealer}). {@code platform.crypto.keys.<id>} holds each key
 * (32 bytes, as 64 hex digits or base64), {@code platform.crypto.current-key} names the one new values are sealed
 * with; the others only open values sealed before a rotation. From the environment:
 * {@code PLATFORM_CRYPTO_KEYS_<ID>} and {@code PLATFORM_CRYPTO_CURRENT_KEY}. Never logged.
 */
@ConfigMapping(prefix = "platform.crypto")
public interface CryptoConfig {

    /** Key id to encoded key. Ids are lowercase letters and digits so that environment names map onto them. */
    Map<String, String> keys();

    /** The id of the key new values are sealed with; a service that stores secrets does not start without it. */
    Optional<String> currentKey();

    /**
     * Whether a service re-seals, at start and in the background, the stored values that are not sealed under the
     * current key (plain text from before sealing, or an older key): what lets an old key be retired.
     */
    @WithDefault("true")
    boolean resealAtStart();
}
