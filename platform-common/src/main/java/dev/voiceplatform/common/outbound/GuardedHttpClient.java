package dev.voiceplatform.common.outbound;

import io.smallrye.mutiny.Uni;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.time.Duration;

/**
 * HTTP for every server-side fetch and delivery. Each hop's URL passes the {@link OutboundUrlGuard}, the
 * connection goes to the address the guard checked (the name is not looked up twice, so DNS rebinding cannot
 * slip in between), and redirects are followed here, by hand, so every hop is checked too.
 */
@ApplicationScoped
public class GuardedHttpClient {

    static final int MAX_REDIRECTS = 5;

    private final OutboundUrlGuard guard;
    private final HttpClient client;

    public GuardedHttpClient(OutboundUrlGuard guard, Vertx vertx) {
        this.guard = guard;
        this.client = vertx.createHttpClient(new HttpClientOptions().setForceSni(true).setMaxRedirects(0)
                .setKeepAlive(false));
    }

    /** A request to send. {@code body} may be null. */
    public record Request(HttpMethod method, String url, MultiMap headers, Buffer body, Duration timeout,
            int maxResponseBytes) {
    }

    /** The final answer, its body cut at the request's {@code maxResponseBytes}, and where it came from. */
    public record Response(int status, MultiMap headers, Buffer body, boolean truncated, URI url) {
    }

    public Uni<Response> send(Request request) {
        return hop(request, request.url(), request.method(), request.body(), 0);
    }

    private Uni<Response> hop(Request request, String url, HttpMethod method, Buffer body, int redirects) {
        return guard.check(url)
                .onFailure(OutboundRefusedException.class).transform(failure -> redirects == 0 ? failure
                        : new OutboundRefusedException(OutboundRefusedException.Reason.REDIRECT_BLOCKED,
                                "a redirect led to a refused destination: " + failure.getMessage()))
                .chain(target -> exchange(request, target, method, body))
                .chain(response -> {
                    String location = response.headers().get("Location");
                    if (!isRedirect(response.status()) || location == null) {
                        return Uni.createFrom().item(response);
                    }
                    if (redirects >= MAX_REDIRECTS) {
                        return Uni.createFrom().failure(new OutboundRefusedException(
                                OutboundRefusedException.Reason.REDIRECT_BLOCKED, "too many redirects"));
                    }
                    boolean keepMethod = response.status() == 307 || response.status() == 308;
                    String next = response.url().resolve(location).toString();
                    return hop(request, next, keepMethod ? method : HttpMethod.GET, keepMethod ? body : null,
                            redirects + 1);
                });
    }

    private Uni<Response> exchange(Request request, OutboundTarget target, HttpMethod method, Buffer body) {
        RequestOptions options = new RequestOptions()
                .setServer(SocketAddress.inetSocketAddress(target.port(), target.address().getHostAddress()))
                .setHost(target.host().startsWith("[") ? target.host().substring(1, target.host().length() - 1)
                        : target.host())
                .setPort(target.port())
                .setSsl(target.tls())
                .setMethod(method)
                .setURI(target.requestTarget())
                .setTimeout(request.timeout().toMillis())
                .setFollowRedirects(false);
        if (request.headers() != null) {
            options.setHeaders(MultiMap.caseInsensitiveMultiMap().addAll(request.headers()));
        }
        var future = client.request(options)
                .compose(outgoing -> body == null ? outgoing.send() : outgoing.send(body))
                .compose(incoming -> readCapped(incoming, request.maxResponseBytes())
                        .map(read -> new Response(incoming.statusCode(), incoming.headers(), read.body(), read.truncated(),
                                target.uri())));
        return Uni.createFrom().completionStage(future.toCompletionStage());
    }

    private record Read(Buffer body, boolean truncated) {
    }

    /** Keeps at most {@code max} bytes of the body and drops the rest as it arrives, so a huge answer costs nothing. */
    private static io.vertx.core.Future<Read> readCapped(HttpClientResponse response, int max) {
        io.vertx.core.Promise<Read> done = io.vertx.core.Promise.promise();
        Buffer kept = Buffer.buffer();
        boolean[] truncated = {false};
        response.handler(chunk -> {
            int room = max - kept.length();
            if (room >= chunk.length()) {
                kept.appendBuffer(chunk);
            } else {
                if (room > 0) {
                    kept.appendBuffer(chunk.getBuffer(0, room));
                }
                truncated[0] = true;
            }
        });
        response.exceptionHandler(done::tryFail);
        response.endHandler(end -> done.tryComplete(new Read(kept, truncated[0])));
        return done.future();
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }
}
