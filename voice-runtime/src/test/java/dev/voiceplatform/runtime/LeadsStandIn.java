package dev.voiceplatform.runtime;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The leads service's capture endpoint ({@code POST /internal/leads}): remembers every report with the organization
 * of its token, and can be made to fail a number of times first.
 */
public class LeadsStandIn extends ServiceStandIn {

    /** One report as it arrived. */
    public record Report(String organization, JsonObject body) {
    }

    private static final List<Report> REPORTS = new CopyOnWriteArrayList<>();
    private static final AtomicInteger FAILURES_LEFT = new AtomicInteger();

    public static List<Report> reportsOf(String callId) {
        return REPORTS.stream().filter(report -> callId.equals(report.body().getString("call_id"))).toList();
    }

    /** The next {@code count} reports answer 503. */
    public static void failNext(int count) {
        FAILURES_LEFT.set(count);
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.leads.url";
    }

    @Override
    protected String serviceName() {
        return "leads";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        request.body().onSuccess(buffer -> {
            JsonObject body = buffer.toJsonObject();
            REPORTS.add(new Report(organization, body));
            if (FAILURES_LEFT.getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
                error(request, 503, "SERVICE_UNAVAILABLE");
                return;
            }
            json(request, 201, body.copy().put("id", java.util.UUID.nameUUIDFromBytes(
                    body.getString("call_id").getBytes()).toString()).put("source", "call"));
        });
    }
}
