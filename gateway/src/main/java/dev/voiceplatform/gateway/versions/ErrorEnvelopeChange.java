package dev.voiceplatform.gateway.versions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.gateway.routing.Route;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.Locale;

/**
 * 2026-08-06: errors became the envelope of part 7, {@code {error:{code,message,hint,fields?,details?}}}. Before it
 * they were flat, {@code {error:<message>, code}}; the flat form keeps {@code fields} and {@code details} beside
 * {@code code} so an older caller loses no data (the hint, which is prose, is dropped). Applies to every error under
 * {@code /v1}, whether the gateway or a service made it.
 */
@ApplicationScoped
public class ErrorEnvelopeChange implements VersionChange {

    static final String VERSION = "2026-08-06";

    private final ObjectMapper objectMapper;

    public ErrorEnvelopeChange(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public String description() {
        return "Errors use the envelope {error:{code,message,hint,fields?,details?}} instead of {error:<message>, code}.";
    }

    @Override
    public boolean rewritesResponse(int status, String contentType) {
        return status >= 400 && isJson(contentType);
    }

    @Override
    public ApiResponse downgradeResponse(ApiResponse response) {
        JsonNode root;
        try {
            root = objectMapper.readTree(response.body().getBytes());
        } catch (IOException e) {
            // Not JSON after all: nothing of the envelope to rewrite.
            return response;
        }
        JsonNode error = root == null ? null : root.get("error");
        if (error == null || !error.isObject() || !error.path("code").isTextual()) {
            return response;
        }
        ObjectNode flat = objectMapper.createObjectNode();
        flat.put("error", error.path("message").asText(""));
        flat.set("code", error.get("code"));
        for (String extra : new String[] {"fields", "details"}) {
            if (error.hasNonNull(extra)) {
                flat.set(extra, error.get(extra));
            }
        }
        try {
            return response.withBody(Buffer.buffer(objectMapper.writeValueAsBytes(flat)));
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    @Override
    public boolean rewritesRequest(Route route) {
        return false;
    }

    @Override
    public ApiRequest upgradeRequest(ApiRequest request) {
        return request;
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.endsWith("+json");
    }
}
