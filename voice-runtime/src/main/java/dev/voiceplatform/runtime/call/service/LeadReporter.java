package dev.voiceplatform.runtime.call.service;

import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.config.RuntimeConfig;
import dev.voiceplatform.runtime.peers.Peers;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Reports a captured lead to the leads service in the background, so lead.created fires there. The leads service
 * keeps one lead per call, so a report is repeated until it is answered, at the waits of
 * {@code platform.runtime.leads.retry-schedule}; a refusal of the lead itself (4xx) is not repeated.
 */
@ApplicationScoped
public class LeadReporter {

    private static final Logger LOG = Logger.getLogger(LeadReporter.class);

    private final Peers peers;
    private final Vertx vertx;
    private final List<Duration> schedule;

    public LeadReporter(Peers peers, Vertx vertx, RuntimeConfig config) {
        this.peers = peers;
        this.vertx = vertx;
        this.schedule = config.leads().retrySchedule();
    }

    void report(CallLine line, String name, String phone) {
        attempt(line, name, phone, 0);
    }

    private void attempt(CallLine line, String name, String phone, int attempt) {
        peers.reportLead(line.organizationId(), line.agentId(), line.id(), name, phone).subscribe().with(
                lead -> LOG.debugf("The lead of call %s was recorded", line.id()),
                failure -> {
                    if (failure instanceof Peers.Refused refused && refused.status() / 100 == 4
                            && refused.status() != 408 && refused.status() != 429) {
                        LOG.warnf("The leads service refused the lead of call %s (%d)", line.id(), refused.status());
                    } else if (attempt < schedule.size()) {
                        vertx.setTimer(Math.max(1, schedule.get(attempt).toMillis()),
                                id -> attempt(line, name, phone, attempt + 1));
                    } else {
                        LOG.errorf("The lead of call %s could not be recorded after %d attempts: %s", line.id(),
                                attempt + 1, failure.toString());
                    }
                });
    }
}
