package dev.voiceplatform.gateway.idempotency;

import dev.voiceplatform.gateway.versions.ApiResponse;
import java.util.UUID;

/** What claiming an Idempotency-Key found. */
public sealed interface Claim {

    /**
     * The key is this request's: run it, then store its 2xx answer, release the key or mark its outcome unknown, with
     * this token. Also won by a retry of the same request whose earlier outcome is unknown.
     */
    record Won(UUID token) implements Claim {
    }

    /** The same request finished with a 2xx answer: replay it. */
    record Completed(ApiResponse response) implements Claim {
    }

    /** The same request is still running. */
    record InFlight() implements Claim {
    }

    /** The key was used for another request. */
    record Reused() implements Claim {
    }
}
