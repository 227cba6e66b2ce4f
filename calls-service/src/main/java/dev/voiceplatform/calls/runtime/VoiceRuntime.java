package dev.voiceplatform.calls.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The voice runtime as the calls service reaches it (the contract's internal HTTP: dial, teardown, recordings), each
 * request with a service token addressed to the runtime and bounded by the call's organization. Without an address
 * ({@code quarkus.rest-client.runtime.url} absent or blank) no runtime is configured: nothing is dialled or torn down.
 * A request the runtime never received (no connection) is told from one whose outcome is unknown (it was sent, and
 * no answer came in time).
 */
@ApplicationScoped
public class VoiceRuntime {

    /** The runtime's name in the platform manifest, the audience of the tokens it accepts. */
    static final String RUNTIME_SERVICE = "runtime";
    static final String CALLS_SERVICE = "calls";
    private static final Logger LOG = Logger.getLogger(VoiceRuntime.class);

    /** What became of a dial. */
    public enum DialOutcome {
        /** 202: the dial has started. */
        ACCEPTED,
        /** 502 CALL_DISPATCH_FAILED, or no connection: nothing rings. */
        REFUSED,
        /** Sent, and no usable answer in time: the runtime may be dialling. */
        UNKNOWN
    }

    /** What became of a teardown. */
    public enum TeardownOutcome {
        /** 200: the line is closed (or had ended already). */
        CLOSED,
        /** 404: the runtime never had this call, so nothing is connected. */
        NO_SUCH_CALL,
        /** 502 TEARDOWN_FAILED: the call stays connected. */
        REFUSED,
        /** No usable answer: the line may still be connected. */
        UNKNOWN
    }

    /** A recording as the runtime gave it; empty when it has none. */
    public sealed interface Recording {
        record Found(Buffer wav) implements Recording {
        }

        record None() implements Recording {
        }

        record Unavailable() implements Recording {
        }
    }

    /** The body of a dial (contract 1). */
    public record Dial(UUID callId, UUID organizationId, UUID agentId, String to, String from, Object metadata) {
    }

    private final Optional<URI> base;
    private final HttpClient client;
    private final InternalTokenIssuer tokens;
    private final ObjectMapper objectMapper;
    private final CallsConfig config;

    public VoiceRuntime(@ConfigProperty(name = "quarkus.rest-client.runtime.url") Optional<String> url, Vertx vertx,
            InternalTokenIssuer tokens, ObjectMapper objectMapper, CallsConfig config) {
        this.base = url.map(String::strip).filter(value -> !value.isEmpty())
                .map(value -> URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value));
        this.tokens = tokens;
        this.objectMapper = objectMapper;
        this.config = config;
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setConnectTimeout((int) config.runtimeConnectTimeout().toMillis()));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** Whether a runtime is configured at all. */
    public boolean configured() {
        return base.isPresent();
    }

    public Uni<DialOutcome> dial(Dial dial) {
        String body = json(new DialBody(dial.callId(), dial.organizationId(), dial.agentId(), "outbound", dial.to(),
                dial.from(), dial.metadata()));
        return exchange(HttpMethod.POST, "/internal/calls/dial", dial.organizationId(), Buffer.buffer(body))
                .map(answer -> switch (answer.status()) {
                    case 202 -> DialOutcome.ACCEPTED;
                    case 502 -> DialOutcome.REFUSED;
                    default -> {
                        LOG.warnf("The runtime answered a dial of call %s with %d; its outcome is unknown",
                                dial.callId(), answer.status());
                        yield DialOutcome.UNKNOWN;
                    }
                })
                .onFailure(NotSent.class).recoverWithItem(DialOutcome.REFUSED)
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("No answer from the runtime to the dial of call %s: %s", dial.callId(), failure.toString());
                    return DialOutcome.UNKNOWN;
                });
    }

    public Uni<TeardownOutcome> teardown(UUID organizationId, UUID callId) {
        return exchange(HttpMethod.POST, "/internal/calls/" + callId + "/teardown", organizationId, null)
                .map(answer -> switch (answer.status()) {
                    case 200 -> TeardownOutcome.CLOSED;
                    case 404 -> TeardownOutcome.NO_SUCH_CALL;
                    case 502 -> TeardownOutcome.REFUSED;
                    default -> {
                        LOG.warnf("The runtime answered a teardown of call %s with %d", callId, answer.status());
                        yield TeardownOutcome.UNKNOWN;
                    }
                })
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("No answer from the runtime to the teardown of call %s: %s", callId, failure.toString());
                    return TeardownOutcome.UNKNOWN;
                });
    }

    public Uni<Recording> recording(UUID organizationId, UUID callId) {
        return exchange(HttpMethod.GET, "/internal/recordings/" + callId, organizationId, null)
                .map(answer -> switch (answer.status()) {
                    case 200 -> (Recording) new Recording.Found(answer.body());
                    case 404 -> new Recording.None();
                    default -> new Recording.Unavailable();
                })
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("The runtime could not give the recording of call %s: %s", callId, failure.toString());
                    return new Recording.Unavailable();
                });
    }

    private record Answer(int status, Buffer body) {
    }

    /** The request never left: no connection could be made. */
    private static final class NotSent extends RuntimeException {
        NotSent(Throwable cause) {
            super(cause.toString(), cause, false, false);
        }
    }

    private Uni<Answer> exchange(HttpMethod method, String path, UUID organizationId, Buffer body) {
        URI uri = base.orElseThrow(() -> new IllegalStateException("no runtime is configured"));
        boolean ssl = "https".equalsIgnoreCase(uri.getScheme());
        RequestOptions options = new RequestOptions().setMethod(method).setHost(uri.getHost())
                .setPort(uri.getPort() > 0 ? uri.getPort() : ssl ? 443 : 80).setSsl(ssl)
                .setURI((uri.getRawPath() == null ? "" : uri.getRawPath()) + path)
                .setConnectTimeout(config.runtimeConnectTimeout().toMillis())
                .setIdleTimeout(config.runtimeTimeout().toMillis())
                .putHeader(HttpHeaders.AUTHORIZATION,
                        "Bearer " + tokens.forService(CALLS_SERVICE, RUNTIME_SERVICE, organizationId))
                .putHeader(CorrelationIds.HEADER, CorrelationIds.currentOrGenerate());
        if (body != null) {
            options.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        }
        Future<HttpClientRequest> opened = client.request(options);
        Future<Answer> answered = opened.recover(failure -> Future.failedFuture(new NotSent(failure)))
                .compose(request -> (body == null ? request.send() : request.send(body)))
                .compose(response -> response.body().map(bytes -> new Answer(response.statusCode(), bytes)));
        return Uni.createFrom().completionStage(answered.toCompletionStage())
                .ifNoItem().after(config.runtimeTimeout().plus(config.runtimeConnectTimeout())).fail();
    }

    private String json(Object value) {
        try {
            return objectMapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private record DialBody(
            @com.fasterxml.jackson.annotation.JsonProperty("call_id") UUID callId,
            @com.fasterxml.jackson.annotation.JsonProperty("organization_id") UUID organizationId,
            @com.fasterxml.jackson.annotation.JsonProperty("agent_id") UUID agentId,
            String direction,
            String to,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS)
            String from,
            Object metadata) {
    }
}
