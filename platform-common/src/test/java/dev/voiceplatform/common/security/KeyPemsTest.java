package dev.voiceplatform.common.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import org.junit.jupiter.api.Test;

class KeyPemsTest {

    @Test
    void aPrivateKeyReadsBackFromItsPem() {
        KeyPair pair = KeyPems.generate();
        String pem = KeyPems.privatePem(pair);
        assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----\n"));
        assertArrayEquals(pair.getPrivate().getEncoded(), KeyPems.privateKey(pem).getEncoded());
        assertTrue(KeyPems.publicPem(pair).startsWith("-----BEGIN PUBLIC KEY-----\n"));
    }

    @Test
    void somethingElseIsRefused() {
        assertThrows(IllegalStateException.class, () -> KeyPems.privateKey("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"));
    }
}
