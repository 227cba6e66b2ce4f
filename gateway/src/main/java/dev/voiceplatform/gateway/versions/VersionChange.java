package dev.voiceplatform.gateway.versions;

import dev.voiceplatform.gateway.routing.Route;

/**
 * One dated change of the public API. Services and the gateway speak only the newest version; a request pinned to
 * a version older than {@link #version()} is upgraded on its way in and its answer downgraded on its way out, by the
 * transforms of this change and of every later one.
 */
public interface VersionChange {

    /** The served version that introduced the change. */
    String version();

    /** What changed, in one sentence (for docs/versioning.md and logs). */
    String description();

    /**
     * Whether {@link #downgradeResponse} rewrites an answer with this status and content type. Only such answers are
     * buffered; the others stream through untouched.
     */
    boolean rewritesResponse(int status, String contentType);

    /** The answer as it was before this change. */
    ApiResponse downgradeResponse(ApiResponse response);

    /** Whether {@link #upgradeRequest} rewrites requests of this route; only those have their body buffered. */
    boolean rewritesRequest(Route route);

    /** The request of a caller pinned before this change, as the newest version expects it. */
    ApiRequest upgradeRequest(ApiRequest request);
}
