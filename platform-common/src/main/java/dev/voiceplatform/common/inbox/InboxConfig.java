package dev.voiceplatform.common.inbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the inbox consumers. */
@ConfigMapping(prefix = "platform.inbox")
public interface InboxConfig {

    /**
     * How long a processed event id is remembered. Kafka redelivers only what was read after the last committed
     * offset, so a duplicate comes within minutes; a month leaves room for a consumer group reset by hand.
     */
    @WithDefault("30d")
    Duration retention();
}
