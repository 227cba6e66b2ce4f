package dev.voiceplatform.agents.simulation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The fingerprint a simulation run records of the prompt it tested: lowercase hex SHA-256 of the prompt's UTF-8
 * bytes. A pass counts for a prompt only while the agent still has that prompt.
 */
public final class PromptHash {

    private PromptHash() {
    }

    public static String sha256(String prompt) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(prompt.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
