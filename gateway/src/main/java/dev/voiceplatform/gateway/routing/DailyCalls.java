package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.keys.KeyCredential;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * The outbound calls a key placed today, as the calls service counts them (contract 8), for GET /me's
 * {@code daily_calls_used}. When the calls service cannot answer, /me cannot give its quota figure: 503
 * QUOTA_UNAVAILABLE.
 */
@ApplicationScoped
public class DailyCalls {

    private static final Logger LOG = Logger.getLogger(DailyCalls.class);

    private final HttpClient client;
    private final Upstream calls;
    private final InternalTokenIssuer issuer;
    private final GatewayConfig.Forwarding forwarding;
    /**
     * How long /me waits for the count: half of what the gateway waits on any one item of a request, so the calls
     * service's silence is answered as the quota figure missing, not as the gateway's own store timing out.
     */
    private final Duration wait;

    public DailyCalls(Vertx vertx, Config config, InternalTokenIssuer issuer, GatewayConfig.Forwarding forwarding,
            GatewayConfig.Stores stores) {
        this.wait = stores.requestTimeout().dividedBy(2);
        this.calls = Upstream.forServices(Set.of(RouteTable.CALLS), config).get(RouteTable.CALLS);
        this.issuer = issuer;
        this.forwarding = forwarding;
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setConnectTimeout((int) forwarding.connectTimeout().toMillis()));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** How many calls the key placed in the current UTC day. */
    public Uni<Integer> used(KeyCredential credential) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setHost(calls.host())
                .setPort(calls.port()).setSsl(calls.ssl())
                .setURI(calls.basePath() + "/internal/keys/" + credential.key().id() + "/daily-calls")
                .setConnectTimeout(forwarding.connectTimeout().toMillis())
                .setIdleTimeout(wait.toMillis())
                .putHeader(HttpHeaders.AUTHORIZATION, "Bearer " + issuer.forService(OwningService.GATEWAY.name(),
                        RouteTable.CALLS.name(), credential.key().organizationId()))
                .putHeader(CorrelationIds.HEADER, CorrelationIds.currentOrGenerate());
        return Uni.createFrom().completionStage(() -> client.request(options)
                        .compose(request -> request.send())
                        .compose(response -> response.body().map(body -> {
                            if (response.statusCode() != 200) {
                                throw new IllegalStateException("the calls service answered " + response.statusCode());
                            }
                            return new JsonObject(body).getInteger("used");
                        }))
                        .toCompletionStage())
                .ifNoItem().after(wait).fail()
                .onFailure().transform(failure -> {
                    LOG.warnf("The calls service could not say how many calls key %s placed today: %s",
                            credential.key().id(), failure.toString());
                    return ApiException.of(ErrorCode.QUOTA_UNAVAILABLE,
                            "The key's calls of the day cannot be counted right now");
                });
    }
}
