package dev.voiceplatform.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.security.KeyPems;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./platform call-in}: plays the telephone network delivering a call to one of the organization's numbers. It
 * posts to the voice runtime's carrier entry point with a short service token signed by the platform's internal key
 * (from the state directory), as the local carrier's own line would. The token names this tool as its subject.
 */
final class CarrierCall {

    /** The issuer every service accepts (platform-common's shared configuration, mp.jwt.verify.issuer). */
    static final String ISSUER = "voice-platform";
    /** The voice runtime's name in the platform manifest: the audience of the token. */
    static final String RUNTIME = "runtime";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CarrierCall() {
    }

    /** Delivers the call and returns the runtime's status and body. */
    static HttpResponse<String> deliver(String runtimeUrl, Path stateDir, String from, String to)
            throws IOException, InterruptedException {
        String token = serviceToken(KeyPems.privateKey(Files.readString(stateDir.resolve("keys/internal-jwt.key.pem"))),
                Instant.now());
        Map<String, String> body = new LinkedHashMap<>();
        body.put("from", from);
        body.put("to", to);
        HttpRequest request = HttpRequest.newBuilder(URI.create(runtimeUrl.replaceAll("/+$", "")
                        + "/internal/carrier/inbound"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** An RS256 token of the {@code internal} group, addressed to the runtime, living 60 seconds. */
    static String serviceToken(PrivateKey key, Instant now) throws IOException {
        Map<String, Object> header = Map.of("alg", "RS256", "typ", "JWT");
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", ISSUER);
        claims.put("sub", "platform-call-in");
        claims.put("aud", RUNTIME);
        claims.put("groups", List.of("internal"));
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", now.getEpochSecond() + 60);
        String signingInput = base64Url(JSON.writeValueAsBytes(header)) + "." + base64Url(JSON.writeValueAsBytes(claims));
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + base64Url(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign the carrier's token", e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
