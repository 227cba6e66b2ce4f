package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.outbound.GuardedHttpClient;
import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.FailureClass;
import dev.voiceplatform.webhooks.delivery.Message;
import dev.voiceplatform.webhooks.delivery.Outcome;
import dev.voiceplatform.webhooks.signing.WebhookSigner;
import dev.voiceplatform.webhooks.subscription.Subscription;
import dev.voiceplatform.webhooks.template.PayloadTemplate;
import io.smallrye.mutiny.Uni;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Renders, signs and sends one message to a subscription's destination through the guarded client (every hop
 * checked), non-blocking, and classifies what came back. Nothing here writes to the database.
 */
@ApplicationScoped
public class WebhookSender {

    /** The envelope's own contract version (part 9 rule 7), not the request version header. */
    public static final String API_VERSION = "2026-01-01";
    static final String USER_AGENT = "VoicePlatform-Webhooks/1.0";
    /** Enough of a reply to keep its first 500 characters. */
    private static final int MAX_RESPONSE_BYTES = Outcome.MAX_ERROR_CHARACTERS * 4;
    private static final Logger LOG = Logger.getLogger(WebhookSender.class);

    private final GuardedHttpClient http;
    private final ObjectMapper objectMapper;
    private final Clock clock;
    private final WebhooksConfig config;

    public WebhookSender(GuardedHttpClient http, ObjectMapper objectMapper, Clock clock, WebhooksConfig config) {
        this.http = http;
        this.objectMapper = objectMapper;
        this.clock = clock;
        this.config = config;
    }

    /** The body a subscription gets for an event: its rendered template, or the standard envelope of part 6.1. */
    public String body(Subscription subscription, Message message) {
        if (message.templatedBody() != null) {
            return message.templatedBody();
        }
        if (subscription.payloadTemplate() != null) {
            return PayloadTemplate.parse(subscription.payloadTemplate())
                    .render(message.data(), subscription.httpMethod()).toString();
        }
        return envelope(message).toString();
    }

    /** Whether the subscription's template rendered this body (then a replay re-sends it as stored). */
    public static boolean templated(Subscription subscription, Message message) {
        return message.templatedBody() != null || subscription.payloadTemplate() != null;
    }

    public ObjectNode envelope(Message message) {
        ObjectNode envelope = objectMapper.createObjectNode();
        envelope.put("id", message.eventId());
        envelope.put("event", message.eventType());
        envelope.put("timestamp", message.occurredAt().toString());
        envelope.put("api_version", API_VERSION);
        envelope.set("data", message.data() == null ? objectMapper.createObjectNode() : message.data());
        return envelope;
    }

    /** Sends {@code body}; never fails: every failure becomes an outcome with its class. */
    public Uni<Outcome> send(Subscription subscription, Message message, String body) {
        long startedNanos = System.nanoTime();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        long timestamp = clock.instant().getEpochSecond();
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", subscription.contentType())
                .add("User-Agent", USER_AGENT)
                .add("X-Webhook-Event", message.eventType())
                .add("X-Webhook-ID", message.id())
                .add("X-Webhook-Timestamp", Long.toString(timestamp))
                .add("X-Webhook-Signature", WebhookSigner.platformSignature(subscription.secret(), timestamp, bytes))
                .add("webhook-id", message.id())
                .add("webhook-timestamp", Long.toString(timestamp))
                .add("webhook-signature",
                        WebhookSigner.standardSignature(subscription.secret(), message.id(), timestamp, bytes))
                .add(CorrelationIds.HEADER, message.correlationId());
        for (Map.Entry<String, String> header : subscription.customHeaders().entrySet()) {
            headers.set(header.getKey(), header.getValue());
        }
        Duration timeout = config.attemptTimeout();
        GuardedHttpClient.Request request = new GuardedHttpClient.Request(HttpMethod.valueOf(subscription.httpMethod()),
                subscription.url(), headers, Buffer.buffer(bytes), timeout, MAX_RESPONSE_BYTES);
        return http.send(request)
                .ifNoItem().after(timeout).failWith(() -> new java.util.concurrent.TimeoutException(
                        "no answer within " + timeout.toSeconds() + " s"))
                .map(response -> {
                    int elapsed = elapsedMillis(startedNanos);
                    if (response.status() >= 200 && response.status() <= 299) {
                        return new Outcome(true, response.status(), elapsed, null, null);
                    }
                    String reply = response.body().toString(StandardCharsets.UTF_8);
                    return new Outcome(false, response.status(), elapsed,
                            Outcome.cap(reply.isBlank() ? "HTTP " + response.status() : reply),
                            FailureClass.ofStatus(response.status()));
                })
                .onFailure().recoverWithItem(failure -> {
                    FailureClass failureClass = FailureClass.ofFailure(failure);
                    if (failureClass == FailureClass.INTERNAL) {
                        LOG.warnf("Webhook delivery %s failed unexpectedly: %s", message.id(), failure.toString());
                    }
                    return new Outcome(false, null, elapsedMillis(startedNanos), Outcome.cap(describe(failure)),
                            failureClass);
                });
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }

    private static int elapsedMillis(long startedNanos) {
        return (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - startedNanos) / 1_000_000);
    }
}
