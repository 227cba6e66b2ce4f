package dev.voiceplatform.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The few gateway calls the {@code ./platform} script needs: organizations and keys through the admin API. */
public final class GatewayAdmin {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final String gatewayUrl;
    private final String adminToken;

    /** A refused or failed admin call, described without the credentials that were sent. */
    public static final class AdminCallFailed extends RuntimeException {
        AdminCallFailed(String message) {
            super(message);
        }
    }

    /** @param gatewayUrl the gateway's root, e.g. {@code http://127.0.0.1:8080}, without {@code /v1} */
    public GatewayAdmin(String gatewayUrl, String adminToken) {
        this.gatewayUrl = gatewayUrl.replaceAll("/+$", "");
        this.adminToken = adminToken;
    }

    /** Whether the public API accepts the key, asked through {@code GET /v1/me}. */
    public boolean keyWorks(String apiKey) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(gatewayUrl + "/v1/me"))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + apiKey)
                .GET()
                .build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    }

    /** The id of the organization with exactly this name, if one exists. */
    public Optional<String> findOrganization(String name) throws IOException, InterruptedException {
        JsonNode page = call("GET", "/admin/organizations?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8),
                null, 200);
        for (JsonNode organization : page.path("data")) {
            if (name.equals(organization.path("name").asText())) {
                return Optional.of(organization.path("id").asText());
            }
        }
        return Optional.empty();
    }

    /** Creates an organization and returns its id. */
    public String createOrganization(String name, String plan, String kind) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("name", name).put("plan", plan).put("kind", kind);
        return call("POST", "/admin/organizations", body, 201).path("id").asText();
    }

    /** Creates a key for the organization and returns the full key, which the gateway shows only once. */
    public String createKey(String organizationId, String keyName, List<String> scopes)
            throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("name", keyName);
        scopes.forEach(body.putArray("scopes")::add);
        JsonNode created = call("POST", "/admin/organizations/" + organizationId + "/keys", body, 201);
        String key = created.path("key").asText("");
        if (key.isEmpty()) {
            throw new AdminCallFailed("the gateway created a key but returned no key value");
        }
        return key;
    }

    private JsonNode call(String method, String path, JsonNode body, int expectedStatus)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gatewayUrl + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken)
                .header("Accept", "application/json");
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expectedStatus) {
            throw new AdminCallFailed(method + " " + path.replaceAll("\\?.*", "") + " answered "
                    + response.statusCode() + describeError(response.body()));
        }
        return JSON.readTree(response.body());
    }

    private static String describeError(String body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            if (error.isObject()) {
                return ": " + error.path("code").asText() + " " + error.path("message").asText();
            }
        } catch (IOException notJson) {
            // an answer that is not the error envelope is described by its status alone
        }
        return "";
    }
}
