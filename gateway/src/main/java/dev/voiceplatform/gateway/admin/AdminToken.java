package dev.voiceplatform.gateway.admin;

import dev.voiceplatform.gateway.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** The configured admin token, compared without revealing through timing how much of a guess was right. */
@ApplicationScoped
public class AdminToken {

    private final byte[] expectedDigest;

    public AdminToken(GatewayConfig.Admin config) {
        this.expectedDigest = digest(config.token());
    }

    public boolean matches(String presented) {
        // Digests have one length whatever was sent, and isEqual does not stop at the first difference.
        return presented != null && MessageDigest.isEqual(digest(presented), expectedDigest);
    }

    private static byte[] digest(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
