package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.keys.Scope;
import io.vertx.core.http.HttpMethod;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    private final RouteTable table = new RouteTable();

    @ParameterizedTest
    @CsvSource({
            "GET, /me, /me, GATEWAY, ''",
            "GET, /agents, /agents, AGENTS, agents:read",
            "POST, /agents, /agents, AGENTS, agents:write",
            "GET, /agents/abc, /agents/{id}, AGENTS, agents:read",
            "PATCH, /agents/abc, /agents/{id}, AGENTS, agents:write",
            "DELETE, /agents/abc, /agents/{id}, AGENTS, agents:delete",
            "POST, /agents/abc/publish, /agents/{id}/publish, AGENTS, agents:write",
            "POST, /agents/abc/unpublish, /agents/{id}/unpublish, AGENTS, agents:write",
            "GET, /leads, /leads, LEADS, leads:read",
            "POST, /leads, /leads, LEADS, leads:write",
            "GET, /leads/abc, /leads/{id}, LEADS, leads:read",
            "PATCH, /leads/abc, /leads/{id}, LEADS, leads:write",
            "GET, /phone-numbers, /phone-numbers, NUMBERS, phone_numbers:read",
            "POST, /phone-numbers, /phone-numbers, NUMBERS, phone_numbers:write",
            "POST, /agents/abc/phone-number, /agents/{id}/phone-number, NUMBERS, phone_numbers:write",
            "DELETE, /agents/abc/phone-number, /agents/{id}/phone-number, NUMBERS, phone_numbers:write" })
    void matchesEachRouteWithItsServiceAndScopes(String method, String path, String pattern, OwningService service,
            String scope) {
        Route route = table.match(HttpMethod.valueOf(method), path).orElseThrow();
        assertEquals(pattern, route.pattern());
        assertEquals(service, route.service());
        assertEquals(scope.isEmpty() ? List.of() : List.of(Scope.fromWire(scope).orElseThrow()), route.requiredScopes());
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "/", "/agents/", "//agents", "/Agents", "/agents/abc/", "/agents/abc/publish/x",
            "/agents/../me", "/agents/..", "/agents/.", "/agents/%2e%2e", "/agents/%2E.", "/agents/a%2Fb",
            "/agents/a%5cb", "/agents/a\\b", "/me/" })
    void refusesPathsOutsideTheTable(String path) {
        assertEquals(Optional.empty(), table.match(HttpMethod.GET, path));
    }

    @Test
    void aKnownPathWithAnotherMethodDoesNotMatch() {
        assertEquals(Optional.empty(), table.match(HttpMethod.PUT, "/agents"));
        assertEquals(Optional.empty(), table.match(HttpMethod.GET, "/agents/abc/publish"));
    }

    @Test
    void namesTheFirstMissingScope() {
        Route delete = table.match(HttpMethod.DELETE, "/agents/abc").orElseThrow();
        assertEquals(Optional.of(Scope.AGENTS_DELETE), delete.firstMissingScope(Set.of("agents:read", "agents:write")));
        assertTrue(delete.firstMissingScope(Set.of("agents:delete")).isEmpty());
    }

    @Test
    void forwardsToEachServiceThatOwnsARoute() {
        assertEquals(Set.of(OwningService.AGENTS, OwningService.LEADS, OwningService.NUMBERS),
                table.forwardedServices());
    }

    @Test
    void everyRouteTodayTakesJsonBodiesUpToOneMebibyte() {
        for (String[] call : new String[][] {{"GET", "/me"}, {"GET", "/agents"}, {"POST", "/agents"},
                {"GET", "/agents/a"}, {"PATCH", "/agents/a"}, {"DELETE", "/agents/a"}, {"POST", "/agents/a/publish"},
                {"POST", "/agents/a/unpublish"}}) {
            assertEquals(1024 * 1024, table.match(HttpMethod.valueOf(call[0]), call[1]).orElseThrow().bodyCap());
        }
    }

    @Test
    void anUploadRouteTakesATenMegabyteFileWithItsMultipartFraming() {
        Route upload = new Route(HttpMethod.POST, "/agents/{id}/knowledge/files", OwningService.AGENTS,
                RouteTable.UPLOAD_BODY_CAP, Scope.KNOWLEDGE_WRITE);
        assertEquals(10 * 1024 * 1024 + 64 * 1024, upload.bodyCap());
        assertTrue(upload.bodyCap() > RouteTable.JSON_BODY_CAP);
        assertEquals(1024 * 1024, RouteTable.IDEMPOTENT_UPLOAD_CAP);
    }
}
