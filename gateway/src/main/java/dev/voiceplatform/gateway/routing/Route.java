package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.gateway.keys.Scope;
import io.vertx.core.http.HttpMethod;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One entry of the route table: method, path under {@code /v1} with {@code {name}} segments, owning service, the
 * scopes a key must hold (all of them), the largest request body the route takes (413 BODY_TOO_LARGE above it) and
 * its class, which sets how long the service may take to answer.
 */
public final class Route {

    private final HttpMethod method;
    private final String pattern;
    private final List<String> segments;
    private final OwningService service;
    private final List<Scope> requiredScopes;
    private final long bodyCap;
    private final RouteClass routeClass;
    private final boolean keyless;

    /** An ordinary route whose body, if any, is JSON: capped at {@link RouteTable#JSON_BODY_CAP}. */
    Route(HttpMethod method, String pattern, OwningService service, Scope... requiredScopes) {
        this(method, pattern, service, RouteClass.ORDINARY, RouteTable.JSON_BODY_CAP, requiredScopes);
    }

    /** A JSON route of the given class. */
    Route(HttpMethod method, String pattern, OwningService service, RouteClass routeClass, Scope... requiredScopes) {
        this(method, pattern, service, routeClass, RouteTable.JSON_BODY_CAP, requiredScopes);
    }

    /** A route with its own body cap; one above the JSON cap takes files, so it is an upload. */
    Route(HttpMethod method, String pattern, OwningService service, long bodyCap, Scope... requiredScopes) {
        this(method, pattern, service, bodyCap > RouteTable.JSON_BODY_CAP ? RouteClass.UPLOAD : RouteClass.ORDINARY,
                bodyCap, requiredScopes);
    }

    private Route(HttpMethod method, String pattern, OwningService service, RouteClass routeClass, long bodyCap,
            Scope... requiredScopes) {
        this(method, pattern, service, routeClass, bodyCap, false, requiredScopes);
    }

    private Route(HttpMethod method, String pattern, OwningService service, RouteClass routeClass, long bodyCap,
            boolean keyless, Scope... requiredScopes) {
        if (!pattern.startsWith("/")) {
            throw new IllegalArgumentException("a route pattern starts with /: " + pattern);
        }
        if (bodyCap < 0) {
            throw new IllegalArgumentException("a body cap is not negative: " + bodyCap);
        }
        this.method = method;
        this.pattern = pattern;
        this.segments = List.of(pattern.substring(1).split("/", -1));
        this.service = service;
        this.requiredScopes = List.of(requiredScopes);
        this.bodyCap = bodyCap;
        this.routeClass = routeClass;
        this.keyless = keyless;
    }

    /**
     * A route reached without an API key: no authentication, no scope, no rate limit, no idempotency, only the
     * version. For links whose own signature is the credential (a call's recording); the service checks it.
     */
    static Route keyless(HttpMethod method, String pattern, OwningService service) {
        return new Route(method, pattern, service, RouteClass.ORDINARY, RouteTable.JSON_BODY_CAP, true);
    }

    public HttpMethod method() {
        return method;
    }

    public String pattern() {
        return pattern;
    }

    public OwningService service() {
        return service;
    }

    public List<Scope> requiredScopes() {
        return requiredScopes;
    }

    /** The largest request body, in bytes, this route accepts. */
    public long bodyCap() {
        return bodyCap;
    }

    /** Whether the route is reached without a key ({@link #keyless}). */
    public boolean keyless() {
        return keyless;
    }

    /** Which timeout the service's answer is held to. */
    public RouteClass routeClass() {
        return routeClass;
    }

    /** The first required scope the key lacks, in table order. */
    public Optional<Scope> firstMissingScope(Collection<String> heldScopes) {
        return requiredScopes.stream().filter(scope -> !heldScopes.contains(scope.wireName())).findFirst();
    }

    boolean matches(HttpMethod requestMethod, String[] requestSegments) {
        if (!method.equals(requestMethod) || requestSegments.length != segments.size()) {
            return false;
        }
        for (int i = 0; i < requestSegments.length; i++) {
            String expected = segments.get(i);
            boolean parameter = expected.startsWith("{") && expected.endsWith("}");
            if (parameter ? !usableParameter(requestSegments[i]) : !expected.equals(requestSegments[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * A parameter is forwarded as sent, so it must stay one segment on the service's side too: no dot segments
     * and no encoded separators, which would let a path climb out of the route the scopes were checked for.
     */
    private static boolean usableParameter(String raw) {
        if (raw.isEmpty() || raw.indexOf('\\') >= 0) {
            return false;
        }
        String lower = raw.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c")) {
            return false;
        }
        String decodedDots = lower.replace("%2e", ".");
        return !decodedDots.equals(".") && !decodedDots.equals("..");
    }
}
