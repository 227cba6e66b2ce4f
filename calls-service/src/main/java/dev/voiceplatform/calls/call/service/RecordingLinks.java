package dev.voiceplatform.calls.call.service;

import dev.voiceplatform.calls.config.CallsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Recording links (part 2.5): {@code <public base>/calls/<id>/recording?expires=<unix seconds>&signature=<hex>}, the
 * signature an HMAC-SHA256 of {@code <id>.<expires>} under the signing secret, made afresh on every read and valid for
 * {@code platform.calls.recording-link-validity} from it. Without a secret the stored address is answered unsigned,
 * and no link is ever accepted.
 */
@ApplicationScoped
public class RecordingLinks {

    private static final String ALGORITHM = "HmacSHA256";

    private final CallsConfig config;
    private final Clock clock;

    public RecordingLinks(CallsConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
    }

    /** The link a read of the call answers. */
    public String linkFor(UUID callId) {
        Optional<String> secret = config.recordingSigningSecret();
        if (secret.isEmpty()) {
            return storedAddress(callId);
        }
        long expires = clock.instant().plus(config.recordingLinkValidity()).getEpochSecond();
        String base = config.publicBaseUrl().endsWith("/")
                ? config.publicBaseUrl().substring(0, config.publicBaseUrl().length() - 1) : config.publicBaseUrl();
        return base + "/calls/" + callId + "/recording?expires=" + expires + "&signature="
                + sign(secret.get(), callId, expires);
    }

    /** Whether a link's expiry and signature are this service's, for this call, and not yet past. */
    public boolean valid(UUID callId, String expires, String signature) {
        Optional<String> secret = config.recordingSigningSecret();
        if (secret.isEmpty() || expires == null || signature == null) {
            return false;
        }
        long expiresAt;
        try {
            expiresAt = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            return false;
        }
        if (!Instant.ofEpochSecond(expiresAt).isAfter(clock.instant())) {
            return false;
        }
        byte[] expected = sign(secret.get(), callId, expiresAt).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    }

    /** Where the runtime keeps the recording; what a read answers when links cannot be signed. */
    static String storedAddress(UUID callId) {
        return "runtime://recordings/" + callId + ".wav";
    }

    static String sign(String secret, UUID callId, long expires) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return HexFormat.of().formatHex(mac.doFinal((callId + "." + expires).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }
}
