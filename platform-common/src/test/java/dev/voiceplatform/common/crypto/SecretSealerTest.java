package dev.voiceplatform.common.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretSealerTest {

    private static final String OLD_KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    private static final String NEW_KEY = Base64.getEncoder().encodeToString(
            HexFormat.of().parseHex("202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"));
    private static final String CONTEXT = "agents.secrets/org-1/webhook.secret";

    private static SecretSealer sealer(Map<String, String> keys, String current) {
        return new SecretSealer(EncryptionKeys.of(keys, current));
    }

    @Test
    void aSealedValueOpensToWhatWasSealedAndNamesItsKey() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        String sealed = sealer.seal("whsec_צופן-🔑", CONTEXT);
        assertTrue(sealed.startsWith("v1:k1:"), sealed);
        assertFalse(sealed.contains("whsec"));
        assertTrue(SecretSealer.isSealed(sealed));
        assertEquals("whsec_צופן-🔑", sealer.open(sealed, CONTEXT));
        assertEquals("", sealer.open(sealer.seal("", CONTEXT), CONTEXT));
    }

    @Test
    void theSameSecretSealsDifferentlyEachTime() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        assertNotEquals(sealer.seal("same", CONTEXT), sealer.seal("same", CONTEXT));
    }

    @Test
    void anAlteredCiphertextIsRefused() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        String sealed = sealer.seal("vendor-api-key", CONTEXT);
        byte[] bytes = Base64.getDecoder().decode(sealed.substring("v1:k1:".length()));
        bytes[bytes.length / 2] ^= 1;
        String altered = "v1:k1:" + Base64.getEncoder().encodeToString(bytes);
        SealedValueException refused = assertThrows(SealedValueException.class, () -> sealer.open(altered, CONTEXT));
        assertEquals(SealedValueException.Reason.TAMPERED, refused.reason());
        assertFalse(refused.getMessage().contains(OLD_KEY));
    }

    @Test
    void aValueMovedToAnotherContextIsRefused() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        String sealed = sealer.seal("vendor-api-key", CONTEXT);
        assertEquals(SealedValueException.Reason.TAMPERED, assertThrows(SealedValueException.class,
                () -> sealer.open(sealed, "agents.secrets/org-2/webhook.secret")).reason());
    }

    @Test
    void aValueRelabelledWithAnotherKeyIdIsRefused() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY, "k2", OLD_KEY), "k1");
        String relabelled = sealer.seal("vendor-api-key", CONTEXT).replace("v1:k1:", "v1:k2:");
        assertEquals(SealedValueException.Reason.TAMPERED,
                assertThrows(SealedValueException.class, () -> sealer.open(relabelled, CONTEXT)).reason());
    }

    @Test
    void aValueSealedUnderAKeyNoLongerConfiguredIsRefusedByName() {
        String sealed = sealer(Map.of("k1", OLD_KEY), "k1").seal("vendor-api-key", CONTEXT);
        SecretSealer withoutOldKey = sealer(Map.of("k2", NEW_KEY), "k2");
        SealedValueException refused = assertThrows(SealedValueException.class,
                () -> withoutOldKey.open(sealed, CONTEXT));
        assertEquals(SealedValueException.Reason.UNKNOWN_KEY, refused.reason());
        assertTrue(refused.getMessage().contains("'k1'"), refused.getMessage());
    }

    @Test
    void theSameKeyIdHoldingAnotherKeyDoesNotOpen() {
        String sealed = sealer(Map.of("k1", OLD_KEY), "k1").seal("vendor-api-key", CONTEXT);
        assertEquals(SealedValueException.Reason.TAMPERED, assertThrows(SealedValueException.class,
                () -> sealer(Map.of("k1", NEW_KEY), "k1").open(sealed, CONTEXT)).reason());
    }

    @Test
    void malformedValuesAreRefused() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        for (String malformed : new String[] {"plain", "v1:k1:", "v1:k1:AAAA", "v1:k1:A", "v2:k1:AAAA"}) {
            assertEquals(SealedValueException.Reason.MALFORMED,
                    assertThrows(SealedValueException.class, () -> sealer.open(malformed, CONTEXT)).reason(),
                    malformed);
        }
    }

    @Test
    void afterRotationOldValuesStillOpenAndResealUnderTheNewKey() {
        String sealedBefore = sealer(Map.of("k1", OLD_KEY), "k1").seal("vendor-api-key", CONTEXT);
        SecretSealer rotated = sealer(Map.of("k1", OLD_KEY, "k2", NEW_KEY), "k2");

        assertEquals("vendor-api-key", rotated.open(sealedBefore, CONTEXT));
        assertTrue(rotated.needsResealing(sealedBefore));
        String resealed = rotated.reseal(sealedBefore, CONTEXT);
        assertTrue(resealed.startsWith("v1:k2:"), resealed);
        assertFalse(rotated.needsResealing(resealed));

        SecretSealer oldKeyRetired = sealer(Map.of("k2", NEW_KEY), "k2");
        assertEquals("vendor-api-key", oldKeyRetired.open(resealed, CONTEXT));
    }

    @Test
    void aPlainValueFromBeforeSealingReadsAsItIsAndNeedsSealing() {
        SecretSealer sealer = sealer(Map.of("k1", OLD_KEY), "k1");
        assertEquals("whsec_legacy", sealer.openStored("whsec_legacy", CONTEXT));
        assertTrue(sealer.needsResealing("whsec_legacy"));
        String sealed = sealer.reseal("whsec_legacy", CONTEXT);
        assertEquals("whsec_legacy", sealer.openStored(sealed, CONTEXT));
    }
}
