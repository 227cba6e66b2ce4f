package dev.voiceplatform.gateway.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.gateway.routing.Route;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mechanism: which changes a pinned version passes through, and in which order. */
class VersionChangesTest {

    private static final String OLDEST = "2026-01-01";
    private static final String CURRENT = "2026-08-06";

    /** A change that appends its name to a header on the way in and to the body on the way out. */
    private record Marking(String version, String name) implements VersionChange {

        @Override
        public String description() {
            return name;
        }

        @Override
        public boolean rewritesResponse(int status, String contentType) {
            return status == 200;
        }

        @Override
        public ApiResponse downgradeResponse(ApiResponse response) {
            return response.withBody(Buffer.buffer(response.body().toString() + name));
        }

        @Override
        public boolean rewritesRequest(Route route) {
            return true;
        }

        @Override
        public ApiRequest upgradeRequest(ApiRequest request) {
            MultiMap headers = MultiMap.caseInsensitiveMultiMap().addAll(request.headers());
            headers.set("X-Trail", headers.get("X-Trail") + name);
            return new ApiRequest(headers, request.body());
        }
    }

    private static ApiResponse ok(String body) {
        return new ApiResponse(200, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(body));
    }

    @Test
    void theCurrentVersionMeetsNoTransform() {
        VersionChanges changes = new VersionChanges(List.of(new Marking(CURRENT, "a")));
        assertEquals(List.of(), changes.after(CURRENT));
        assertEquals("x", changes.downgrade(CURRENT, ok("x")).body().toString());
        assertFalse(changes.rewritesResponse(CURRENT, 200, null));
        assertFalse(changes.rewritesRequest(CURRENT, null));
    }

    @Test
    void anOlderVersionIsUpgradedOldestFirstAndDowngradedNewestFirst() {
        VersionChanges changes = new VersionChanges(List.of(new Marking(CURRENT, "a"), new Marking(CURRENT, "b")));
        ApiRequest request = new ApiRequest(MultiMap.caseInsensitiveMultiMap().add("X-Trail", ">"), Buffer.buffer());
        assertEquals(">ab", changes.upgrade(OLDEST, null, request).headers().get("X-Trail"));
        assertEquals("xba", changes.downgrade(OLDEST, ok("x")).body().toString());
        assertTrue(changes.rewritesResponse(OLDEST, 200, null));
        assertFalse(changes.rewritesResponse(OLDEST, 201, null));
    }

    @Test
    void aResponseTheChangeDoesNotRewriteIsLeftAlone() {
        VersionChanges changes = new VersionChanges(List.of(new Marking(CURRENT, "a")));
        ApiResponse created = new ApiResponse(201, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer("x"));
        assertEquals("x", changes.downgrade(OLDEST, created).body().toString());
    }

    @Test
    void aChangeMustBelongToAServedVersionAfterTheOldest() {
        assertThrows(IllegalStateException.class, () -> new VersionChanges(List.of(new Marking("2026-05-01", "a"))));
        assertThrows(IllegalStateException.class, () -> new VersionChanges(List.of(new Marking(OLDEST, "a"))));
    }

    @Test
    void anUnservedVersionHasNoChanges() {
        VersionChanges changes = new VersionChanges(List.of());
        assertThrows(IllegalArgumentException.class, () -> changes.after("2025-01-01"));
    }

    @Test
    void theErrorChangeTurnsAnEnvelopeFlatForTheOldestOnly() throws Exception {
        ObjectMapper json = new ObjectMapper();
        VersionChanges changes = new VersionChanges(List.of(new ErrorEnvelopeChange(json)));
        String envelope = "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"No such agent\",\"hint\":\"h\"}}";
        ApiResponse error = new ApiResponse(404, MultiMap.caseInsensitiveMultiMap().add("Content-Type",
                "application/json"), Buffer.buffer(envelope));
        assertEquals(json.readTree("{\"error\":\"No such agent\",\"code\":\"NOT_FOUND\"}"),
                json.readTree(changes.downgrade(OLDEST, error).body().getBytes()));
        assertEquals(envelope, changes.downgrade(CURRENT, error).body().toString());
    }
}
