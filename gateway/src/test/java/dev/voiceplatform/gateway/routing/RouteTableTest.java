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
            "GET, /me, /me, gateway, ''",
            "GET, /agents, /agents, agents, agents:read",
            "POST, /agents, /agents, agents, agents:write",
            "GET, /agents/abc, /agents/{id}, agents, agents:read",
            "PATCH, /agents/abc, /agents/{id}, agents, agents:write",
            "DELETE, /agents/abc, /agents/{id}, agents, agents:delete",
            "POST, /agents/abc/publish, /agents/{id}/publish, agents, agents:write",
            "POST, /agents/abc/unpublish, /agents/{id}/unpublish, agents, agents:write",
            "GET, /leads, /leads, leads, leads:read",
            "POST, /leads, /leads, leads, leads:write",
            "GET, /leads/abc, /leads/{id}, leads, leads:read",
            "PATCH, /leads/abc, /leads/{id}, leads, leads:write",
            "GET, /phone-numbers, /phone-numbers, numbers, phone_numbers:read",
            "POST, /phone-numbers, /phone-numbers, numbers, phone_numbers:write",
            "POST, /agents/abc/phone-number, /agents/{id}/phone-number, numbers, phone_numbers:write",
            "DELETE, /agents/abc/phone-number, /agents/{id}/phone-number, numbers, phone_numbers:write",
            "GET, /calls, /calls, calls, calls:read",
            "POST, /calls, /calls, calls, calls:write",
            "GET, /calls/abc, /calls/{id}, calls, calls:read",
            "POST, /calls/abc/hangup, /calls/{id}/hangup, calls, calls:control",
            "GET, /calls/abc/recording, /calls/{id}/recording, calls, ''",
            "GET, /agents/abc/stats, /agents/{id}/stats, calls, agents:read",
            "GET, /agents/abc/usage, /agents/{id}/usage, calls, agents:read",
            "GET, /agents/abc/usage/daily, /agents/{id}/usage/daily, calls, agents:read",
            "GET, /webhooks/events, /webhooks/events, webhooks, webhooks:manage",
            "POST, /webhooks/template-preview, /webhooks/template-preview, webhooks, webhooks:manage",
            "GET, /webhooks, /webhooks, webhooks, webhooks:manage",
            "POST, /webhooks, /webhooks, webhooks, webhooks:manage",
            "GET, /webhooks/abc, /webhooks/{id}, webhooks, webhooks:manage",
            "PATCH, /webhooks/abc, /webhooks/{id}, webhooks, webhooks:manage",
            "DELETE, /webhooks/abc, /webhooks/{id}, webhooks, webhooks:manage",
            "POST, /webhooks/abc/test, /webhooks/{id}/test, webhooks, webhooks:manage",
            "GET, /webhooks/abc/deliveries, /webhooks/{id}/deliveries, webhooks, webhooks:manage",
            "POST, /webhooks/abc/deliveries/msg_1/replay, /webhooks/{id}/deliveries/{delivery}/replay, webhooks, "
                    + "webhooks:manage" })
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
        assertEquals(Set.of(new OwningService("agents"), new OwningService("leads"), new OwningService("numbers"),
                new OwningService("calls"), new OwningService("webhooks")), table.forwardedServices());
    }

    @Test
    void onlyTheRecordingLinkIsKeyless() {
        assertEquals(List.of("/calls/{id}/recording"),
                table.routes().stream().filter(Route::keyless).map(Route::pattern).toList());
        assertTrue(table.matchKeyless(HttpMethod.GET, "/calls/abc/recording").isPresent());
        assertTrue(table.matchKeyless(HttpMethod.POST, "/calls/abc/recording").isEmpty());
        assertTrue(table.matchKeyless(HttpMethod.GET, "/calls/abc").isEmpty());
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
        Route upload = new Route(HttpMethod.POST, "/agents/{id}/knowledge/files", new OwningService("agents"),
                RouteTable.UPLOAD_BODY_CAP, Scope.KNOWLEDGE_WRITE);
        assertEquals(10 * 1024 * 1024 + 64 * 1024, upload.bodyCap());
        assertTrue(upload.bodyCap() > RouteTable.JSON_BODY_CAP);
        assertEquals(1024 * 1024, RouteTable.IDEMPOTENT_UPLOAD_CAP);
    }

    @Test
    void theDraftingWizardsAreHeldToTheDraftingTimeoutAndUploadsToTheUploadTimeout() {
        for (String wizard : new String[] {"website", "description", "questionnaire"}) {
            assertEquals(RouteClass.DRAFTING,
                    table.match(HttpMethod.POST, "/agents/drafts/from-" + wizard).orElseThrow().routeClass());
        }
        Route upload = new Route(HttpMethod.POST, "/agents/{id}/knowledge/files", new OwningService("agents"),
                RouteTable.UPLOAD_BODY_CAP, Scope.KNOWLEDGE_WRITE);
        assertEquals(RouteClass.UPLOAD, upload.routeClass());
        long others = table.routes().stream().filter(route -> !route.pattern().startsWith("/agents/drafts/"))
                .filter(route -> route.routeClass() != RouteClass.ORDINARY).count();
        assertEquals(0, others, "every other route today is ordinary");
    }
}
