package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.organizations.OrganizationRepository;
import dev.voiceplatform.gateway.routing.OwningService;
import dev.voiceplatform.gateway.routing.RouteTable;
import dev.voiceplatform.gateway.routing.Upstream;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.annotation.PreDestroy;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * An organization's do-not-call list, kept by the calls service: the operator lists, adds and removes numbers here,
 * and the gateway passes each request on for that organization (a service token naming it) and the answer back as
 * it came. An organization the gateway does not know is 404 before anything is asked.
 */
@AdminApi
@Path("/admin/organizations/{id}/do-not-call")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DoNotCallAdminResource {

    private static final Logger LOG = Logger.getLogger(DoNotCallAdminResource.class);

    private final OrganizationRepository organizations;
    private final InternalTokenIssuer issuer;
    private final Upstream calls;
    private final HttpClient client;
    private final GatewayConfig.Forwarding forwarding;

    public DoNotCallAdminResource(OrganizationRepository organizations, InternalTokenIssuer issuer, Vertx vertx,
            Config config, GatewayConfig.Forwarding forwarding) {
        this.organizations = organizations;
        this.issuer = issuer;
        this.forwarding = forwarding;
        this.calls = Upstream.forServices(Set.of(RouteTable.CALLS), config).get(RouteTable.CALLS);
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setConnectTimeout((int) forwarding.connectTimeout().toMillis()));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    @GET
    public Uni<Response> list(@RestPath String id, @RestQuery String limit, @RestQuery String offset) {
        StringBuilder query = new StringBuilder();
        if (limit != null) {
            query.append("limit=").append(encode(limit));
        }
        if (offset != null) {
            query.append(query.isEmpty() ? "" : "&").append("offset=").append(encode(offset));
        }
        return pass(id, HttpMethod.GET, query.isEmpty() ? "" : "?" + query, null);
    }

    @POST
    public Uni<Response> add(@RestPath String id, JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "A JSON object body is required");
        }
        return pass(id, HttpMethod.POST, "", Buffer.buffer(body.toString()));
    }

    @DELETE
    @Path("/{number}")
    public Uni<Response> remove(@RestPath String id, @RestPath String number) {
        return pass(id, HttpMethod.DELETE, "/" + encode(number), null);
    }

    private Uni<Response> pass(String rawId, HttpMethod method, String rest, Buffer body) {
        UUID organizationId = Ids.fromPath(rawId, "Organization");
        return organizations.find(organizationId).chain(found -> {
            if (found.isEmpty()) {
                throw ApiException.notFound("Organization");
            }
            return send(organizationId, method, "/internal/organizations/" + organizationId + "/do-not-call" + rest,
                    body);
        });
    }

    private Uni<Response> send(UUID organizationId, HttpMethod method, String path, Buffer body) {
        RequestOptions options = new RequestOptions().setMethod(method).setHost(calls.host()).setPort(calls.port())
                .setSsl(calls.ssl()).setURI(calls.basePath() + path)
                .setConnectTimeout(forwarding.connectTimeout().toMillis())
                .setIdleTimeout(forwarding.ordinaryTimeout().toMillis())
                .putHeader(HttpHeaders.AUTHORIZATION, "Bearer " + issuer.forService(OwningService.GATEWAY.name(),
                        RouteTable.CALLS.name(), organizationId))
                .putHeader(CorrelationIds.HEADER, CorrelationIds.currentOrGenerate());
        if (body != null) {
            options.putHeader(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
        }
        return Uni.createFrom().completionStage(() -> client.request(options)
                        .compose(request -> body == null ? request.send() : request.send(body))
                        .compose(response -> response.body().map(answer -> {
                            if (response.statusCode() >= 500) {
                                throw new IllegalStateException("the calls service answered " + response.statusCode());
                            }
                            return Response.status(response.statusCode()).type(MediaType.APPLICATION_JSON)
                                    .entity(answer.toString()).build();
                        }))
                        .toCompletionStage())
                .onFailure().transform(failure -> {
                    LOG.warnf("The calls service did not answer an admin do-not-call request: %s", failure.toString());
                    return ApiException.of(ErrorCode.SERVICE_UNAVAILABLE,
                            "The do-not-call list cannot be reached right now");
                });
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
