package dev.voiceplatform.gateway.idempotency;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How long the idempotency store trusts a claim whose request has not finished. */
@ConfigMapping(prefix = "platform.idempotency")
public interface IdempotencyConfig {

    /**
     * A claim still in flight after this long belongs to a gateway that died mid-request and has not come back (a
     * replica that restarts turns its own claims into unknown at once); a retry may take it over.
     * Longer than any request can take (the forwarding idle timeout is 90 s), so a live request is never run twice.
     */
    @WithDefault("5m")
    Duration inFlightTimeout();
}
