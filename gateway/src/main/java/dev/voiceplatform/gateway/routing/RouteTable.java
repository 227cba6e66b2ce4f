package dev.voiceplatform.gateway.routing;

import static dev.voiceplatform.gateway.keys.Scope.AGENTS_DELETE;
import static dev.voiceplatform.gateway.keys.Scope.AGENTS_READ;
import static dev.voiceplatform.gateway.keys.Scope.AGENTS_TEST;
import static dev.voiceplatform.gateway.keys.Scope.AGENTS_WRITE;
import static dev.voiceplatform.gateway.keys.Scope.CALLS_CONTROL;
import static dev.voiceplatform.gateway.keys.Scope.CALLS_READ;
import static dev.voiceplatform.gateway.keys.Scope.CALLS_WRITE;
import static dev.voiceplatform.gateway.keys.Scope.LEADS_READ;
import static dev.voiceplatform.gateway.keys.Scope.LEADS_WRITE;
import static dev.voiceplatform.gateway.keys.Scope.PHONE_NUMBERS_READ;
import static dev.voiceplatform.gateway.keys.Scope.PHONE_NUMBERS_WRITE;
import static dev.voiceplatform.gateway.keys.Scope.WEBHOOKS_MANAGE;
import static dev.voiceplatform.gateway.routing.OwningService.GATEWAY;
import static dev.voiceplatform.gateway.routing.RouteClass.DRAFTING;
import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PATCH;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Every public route under {@code /v1}. A route that is not here does not exist (404 NOT_FOUND). */
@ApplicationScoped
public class RouteTable {

    /** The local introspection route; the gateway answers it itself. */
    public static final String ME = "/me";

    /**
     * Cap of a JSON body (every route unless it says otherwise): 1 MiB, far above the largest document the API
     * takes (an agent with a 100,000-character prompt is under 400 KB even in 4-byte characters).
     */
    public static final long JSON_BODY_CAP = 1024 * 1024;

    /**
     * Cap of a file upload: the 10 MB file of part 8 (taken as 10 MiB) plus 64 KiB for the multipart boundaries,
     * part headers and any small form fields beside the file.
     */
    public static final long UPLOAD_BODY_CAP = 10 * 1024 * 1024 + 64 * 1024;

    /** With an Idempotency-Key the whole request must fit here (part 8), since it is kept to compare retries. */
    public static final long IDEMPOTENT_UPLOAD_CAP = 1024 * 1024;

    // Owning services by their names in the platform manifest (deploy/local/components.properties).
    private static final OwningService AGENTS = new OwningService("agents");
    private static final OwningService LEADS = new OwningService("leads");
    private static final OwningService NUMBERS = new OwningService("numbers");
    public static final OwningService CALLS = new OwningService("calls");
    private static final OwningService WEBHOOKS = new OwningService("webhooks");

    private static final List<Route> ROUTES = List.of(
            new Route(GET, ME, GATEWAY),
            new Route(GET, "/agents", AGENTS, AGENTS_READ),
            new Route(POST, "/agents", AGENTS, AGENTS_WRITE),
            new Route(GET, "/agents/{id}", AGENTS, AGENTS_READ),
            new Route(PATCH, "/agents/{id}", AGENTS, AGENTS_WRITE),
            new Route(DELETE, "/agents/{id}", AGENTS, AGENTS_DELETE),
            new Route(POST, "/agents/{id}/publish", AGENTS, AGENTS_WRITE),
            new Route(POST, "/agents/{id}/unpublish", AGENTS, AGENTS_WRITE),
            new Route(POST, "/agents/drafts/from-website", AGENTS, DRAFTING, AGENTS_WRITE),
            new Route(POST, "/agents/drafts/from-description", AGENTS, DRAFTING, AGENTS_WRITE),
            new Route(POST, "/agents/drafts/from-questionnaire", AGENTS, DRAFTING, AGENTS_WRITE),
            new Route(GET, "/agents/{id}/config", AGENTS, AGENTS_READ),
            new Route(PATCH, "/agents/{id}/config", AGENTS, AGENTS_WRITE),
            new Route(POST, "/agents/{id}/duplicate", AGENTS, AGENTS_WRITE),
            new Route(POST, "/agents/{id}/tester", AGENTS, AGENTS_TEST),
            new Route(GET, "/agents/{id}/calendar", AGENTS, AGENTS_READ),
            new Route(PUT, "/agents/{id}/calendar", AGENTS, AGENTS_WRITE),
            new Route(GET, "/agents/{id}/integrations/{integration}", AGENTS, AGENTS_READ),
            new Route(PATCH, "/agents/{id}/integrations/{integration}", AGENTS, AGENTS_WRITE),
            new Route(POST, "/agents/{id}/share-link", AGENTS, AGENTS_WRITE),
            new Route(GET, "/leads", LEADS, LEADS_READ),
            new Route(POST, "/leads", LEADS, LEADS_WRITE),
            new Route(GET, "/leads/{id}", LEADS, LEADS_READ),
            new Route(PATCH, "/leads/{id}", LEADS, LEADS_WRITE),
            new Route(GET, "/phone-numbers", NUMBERS, PHONE_NUMBERS_READ),
            new Route(POST, "/phone-numbers", NUMBERS, PHONE_NUMBERS_WRITE),
            new Route(POST, "/agents/{id}/phone-number", NUMBERS, PHONE_NUMBERS_WRITE),
            new Route(DELETE, "/agents/{id}/phone-number", NUMBERS, PHONE_NUMBERS_WRITE),
            new Route(GET, "/calls", CALLS, CALLS_READ),
            new Route(POST, "/calls", CALLS, CALLS_WRITE),
            new Route(GET, "/calls/{id}", CALLS, CALLS_READ),
            new Route(POST, "/calls/{id}/hangup", CALLS, CALLS_CONTROL),
            Route.keyless(GET, "/calls/{id}/recording", CALLS),
            new Route(GET, "/agents/{id}/stats", CALLS, AGENTS_READ),
            new Route(GET, "/agents/{id}/usage", CALLS, AGENTS_READ),
            new Route(GET, "/agents/{id}/usage/daily", CALLS, AGENTS_READ),
            new Route(GET, "/webhooks/events", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(POST, "/webhooks/template-preview", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(GET, "/webhooks", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(POST, "/webhooks", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(GET, "/webhooks/{id}", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(PATCH, "/webhooks/{id}", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(DELETE, "/webhooks/{id}", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(POST, "/webhooks/{id}/test", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(GET, "/webhooks/{id}/deliveries", WEBHOOKS, WEBHOOKS_MANAGE),
            new Route(POST, "/webhooks/{id}/deliveries/{delivery}/replay", WEBHOOKS, WEBHOOKS_MANAGE));

    /** The route for a method and a raw path relative to {@code /v1} (starting with {@code /}). */
    public Optional<Route> match(HttpMethod method, String path) {
        if (!path.startsWith("/")) {
            return Optional.empty();
        }
        String[] segments = path.substring(1).split("/", -1);
        return ROUTES.stream().filter(route -> route.matches(method, segments)).findFirst();
    }

    /** The keyless route for a method and a raw path relative to {@code /v1}, matched before any key is read. */
    public Optional<Route> matchKeyless(HttpMethod method, String path) {
        return match(method, path).filter(Route::keyless);
    }

    /** Every route, in the order they are matched. */
    public List<Route> routes() {
        return ROUTES;
    }

    /** The services requests are forwarded to; each needs an address. */
    public Set<OwningService> forwardedServices() {
        return ROUTES.stream().map(Route::service).filter(service -> !service.local())
                .collect(Collectors.toUnmodifiableSet());
    }
}
