package dev.voiceplatform.webhooks.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookSignerTest {

    private static final String VECTOR_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String VECTOR_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long VECTOR_TIMESTAMP = 1614265330L;
    private static final String VECTOR_BODY = "{\"test\": 2432232314}";

    @Test
    void standardSignatureMatchesTheStandardWebhooksVector() {
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", WebhookSigner.standardSignature(VECTOR_SECRET,
                VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theOfficialLibraryVerifiesWhatWeSignAndRefusesATamperedBody() throws Exception {
        String secret = WebhookSigner.newSecret();
        long now = System.currentTimeMillis() / 1000;
        String body = "{\"id\":\"evt_1\",\"event\":\"lead.created\"}";
        String signature = WebhookSigner.standardSignature(secret, "msg_1", now, body.getBytes(StandardCharsets.UTF_8));
        Map<String, List<String>> headers = Map.of("webhook-id", List.of("msg_1"), "webhook-timestamp",
                List.of(Long.toString(now)), "webhook-signature", List.of(signature));
        new Webhook(secret).verify(body, headers);
        assertThrows(WebhookVerificationException.class, () -> new Webhook(secret).verify(body + " ", headers));
    }

    @Test
    void aUuidAfterThePrefixIsUsedWholeAsTheKey() throws Exception {
        String secret = "whsec_3f2a8c1e-5b7d-4e2a-9c1f-0a1b2c3d4e5f";
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal("msg_2.100.{}".getBytes(
                StandardCharsets.UTF_8)));
        assertEquals(expected, WebhookSigner.standardSignature(secret, "msg_2", 100, body));
    }

    @Test
    void platformSignatureIsHexOverTimestampAndBodyKeyedWithTheWholeSecret() throws Exception {
        byte[] body = VECTOR_BODY.getBytes(StandardCharsets.UTF_8);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(VECTOR_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = "v1=" + HexFormat.of().formatHex(mac.doFinal((VECTOR_TIMESTAMP + "." + VECTOR_BODY)
                .getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, WebhookSigner.platformSignature(VECTOR_SECRET, VECTOR_TIMESTAMP, body));
    }

    @Test
    void newSecretsAreWhsecAndBase64OfThirtyTwoRandomBytes() {
        String secret = WebhookSigner.newSecret();
        assertTrue(secret.startsWith("whsec_"));
        assertEquals(32, Base64.getDecoder().decode(secret.substring(6)).length);
        assertTrue(!secret.equals(WebhookSigner.newSecret()));
    }
}
