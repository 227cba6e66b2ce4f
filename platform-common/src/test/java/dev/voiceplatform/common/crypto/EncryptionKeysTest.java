package dev.voiceplatform.common.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncryptionKeysTest {

    /** What {@code ./platform up} writes for a {@code secret:} entry: 32 random bytes as lowercase hex. */
    private static final String HEX_KEY = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    @Test
    void withoutACurrentKeyNothingStartsAndTheMessageSaysWhatToSet() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> EncryptionKeys.of(Map.of("k1", HEX_KEY), null));
        assertTrue(refused.getMessage().contains("platform.crypto.current-key"), refused.getMessage());
        assertTrue(refused.getMessage().contains("PLATFORM_CRYPTO_CURRENT_KEY"), refused.getMessage());
    }

    @Test
    void aCurrentKeyIdWithoutItsKeyIsRefusedWithoutShowingAnyKey() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> EncryptionKeys.of(Map.of("k1", HEX_KEY), "k2"));
        assertTrue(refused.getMessage().contains("PLATFORM_CRYPTO_KEYS_K2"), refused.getMessage());
        assertFalse(refused.getMessage().contains(HEX_KEY));
    }

    @Test
    void aKeyOfTheWrongSizeIsRefusedWithoutShowingIt() {
        String short31 = HEX_KEY.substring(2);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> EncryptionKeys.of(Map.of("k1", short31), "k1"));
        assertTrue(refused.getMessage().contains("platform.crypto.keys.k1"), refused.getMessage());
        assertFalse(refused.getMessage().contains(short31));
        assertThrows(IllegalStateException.class, () -> EncryptionKeys.of(Map.of("k1", "not base64!"), "k1"));
    }

    @Test
    void aKeyIdThatNoEnvironmentNameCanCarryIsRefused() {
        assertThrows(IllegalStateException.class, () -> EncryptionKeys.of(Map.of("Key-1", HEX_KEY), "Key-1"));
    }

    @Test
    void hexAndBase64KeysAreBothAccepted() {
        EncryptionKeys keys = EncryptionKeys.of(Map.of("hex", HEX_KEY,
                "b64", "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="), "hex");
        assertEquals("hex", keys.currentKeyId());
        assertArrayEquals(keys.find("hex").orElseThrow().getEncoded(), keys.find("b64").orElseThrow().getEncoded());
        assertFalse(keys.toString().contains(HEX_KEY));
    }

    @Test
    void theEnvironmentNamesOfTheLocalManifestReachTheMapping() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(Map.of("PLATFORM_CRYPTO_KEYS_LOCAL", HEX_KEY,
                        "PLATFORM_CRYPTO_CURRENT_KEY", "local"), 300))
                .withMapping(CryptoConfig.class)
                .build();
        EncryptionKeys keys = EncryptionKeys.from(config.getConfigMapping(CryptoConfig.class));
        assertEquals("local", keys.currentKeyId());
        assertTrue(keys.find("local").isPresent());
    }

    @Test
    void noKeysConfiguredMapsToAnEmptyMapSoServicesWithoutSecretsStillStart() {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(CryptoConfig.class).build();
        CryptoConfig crypto = config.getConfigMapping(CryptoConfig.class);
        assertTrue(crypto.keys().isEmpty());
        assertTrue(crypto.currentKey().isEmpty());
    }
}
