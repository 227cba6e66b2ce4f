package dev.voiceplatform.common.outbound;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** Settings of the outbound URL guard. */
@ConfigMapping(prefix = "platform.outbound")
public interface OutboundConfig {

    /**
     * Networks (CIDR) reachable despite the private-range rules. For tests and local demos only (a receiver on
     * loopback); empty in every deployment.
     */
    Optional<List<String>> allowCidrs();
}
