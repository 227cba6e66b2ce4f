package dev.voiceplatform.gateway.versions;

import dev.voiceplatform.gateway.routing.ApiVersions;
import dev.voiceplatform.gateway.routing.Route;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every {@link VersionChange}, oldest first, and what they do to a request pinned to a served version: requests are
 * upgraded through the changes after the pinned version (oldest change first), answers downgraded back through them
 * (newest change first). A request pinned to the current version meets no transform at all.
 */
@ApplicationScoped
public class VersionChanges {

    private final Map<String, List<VersionChange>> after = new HashMap<>();

    @Inject
    public VersionChanges(Instance<VersionChange> changes) {
        this(changes.stream().toList());
    }

    public VersionChanges(List<VersionChange> changes) {
        List<VersionChange> sorted = new ArrayList<>(changes);
        sorted.sort(Comparator.comparing(VersionChange::version));
        for (VersionChange change : sorted) {
            // A change belongs to a served version later than the oldest, or no request could ever be before it.
            if (!ApiVersions.SERVED.contains(change.version()) || change.version().equals(ApiVersions.oldest())) {
                throw new IllegalStateException("version change " + change.getClass().getSimpleName()
                        + " names " + change.version() + ", which is not a served version after the oldest");
            }
        }
        for (String served : ApiVersions.SERVED) {
            after.put(served, sorted.stream().filter(change -> change.version().compareTo(served) > 0).toList());
        }
    }

    /** The changes a request pinned to {@code version} passes through, oldest first. */
    public List<VersionChange> after(String version) {
        List<VersionChange> changes = after.get(version);
        if (changes == null) {
            throw new IllegalArgumentException("not a served version: " + version);
        }
        return changes;
    }

    /** Whether an answer with this status and content type must be held whole to be downgraded. */
    public boolean rewritesResponse(String version, int status, String contentType) {
        for (VersionChange change : after(version)) {
            if (change.rewritesResponse(status, contentType)) {
                return true;
            }
        }
        return false;
    }

    /** The newest-form answer as a caller pinned to {@code version} expects it. */
    public ApiResponse downgrade(String version, ApiResponse newest) {
        List<VersionChange> changes = after(version);
        ApiResponse response = newest;
        for (int i = changes.size() - 1; i >= 0; i--) {
            VersionChange change = changes.get(i);
            if (change.rewritesResponse(response.status(), response.contentType())) {
                response = change.downgradeResponse(response);
            }
        }
        return response;
    }

    /** Whether requests of this route pinned to {@code version} must have their body held whole to be upgraded. */
    public boolean rewritesRequest(String version, Route route) {
        for (VersionChange change : after(version)) {
            if (change.rewritesRequest(route)) {
                return true;
            }
        }
        return false;
    }

    /** A request pinned to {@code version} as the newest version expects it. */
    public ApiRequest upgrade(String version, Route route, ApiRequest request) {
        ApiRequest upgraded = request;
        for (VersionChange change : after(version)) {
            if (change.rewritesRequest(route)) {
                upgraded = change.upgradeRequest(upgraded);
            }
        }
        return upgraded;
    }
}
