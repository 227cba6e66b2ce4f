package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.agents.drafts.DraftsConfig;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.outbound.GuardedHttpClient;
import dev.voiceplatform.common.outbound.OutboundRefusedException;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * Fetches the page of the website wizard through the outbound guard (the only way to reach a user's URL): every
 * hop checked, the body cut at {@code platform.drafts.max-page-bytes}, the whole fetch bounded by
 * {@code platform.drafts.fetch-timeout}.
 *
 * <p>A URL the guard refuses (not http or https, unreadable, a private or internal address, a redirect to one) is
 * the caller's input: 400 VALIDATION_ERROR on {@code url}. A site that cannot be read (no such name, refused or
 * broken connection, timeout, an error status, not an HTML page) is 422 INVALID_REQUEST with
 * {@code details.failure_class} in the terms of part 7's delivery failure classes (dns, connect, tls, timeout,
 * upstream_4xx, upstream_5xx) or {@code not_html}.
 */
@ApplicationScoped
public class PageFetcher {

    public static final String USER_AGENT = "VoicePlatform-DraftWizard/1.0";
    private static final Pattern BARE_HOST = Pattern.compile("^[\\p{L}\\p{N}.-]+\\.[\\p{L}]{2,}(?::\\d+)?(?:[/?#].*)?$");
    private static final Pattern CHARSET = Pattern.compile("charset=\"?([A-Za-z0-9._:-]+)", Pattern.CASE_INSENSITIVE);

    /** A fetched page: its bytes, the charset its headers declare (null when none) and where it finally came from. */
    public record Page(byte[] body, String charset, URI url) {
    }

    private final GuardedHttpClient http;
    private final DraftsConfig config;

    public PageFetcher(GuardedHttpClient http, DraftsConfig config) {
        this.http = http;
        this.config = config;
    }

    /** A site typed without a scheme ("example.com") is read as https, as a browser would. */
    static String withScheme(String url) {
        String trimmed = url.strip();
        return !trimmed.contains("://") && BARE_HOST.matcher(trimmed).matches() ? "https://" + trimmed : trimmed;
    }

    public Uni<Page> fetch(String url) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("User-Agent", USER_AGENT)
                .add("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1");
        GuardedHttpClient.Request request = new GuardedHttpClient.Request(HttpMethod.GET, withScheme(url), headers,
                null, config.fetchTimeout(), config.maxPageBytes());
        return http.send(request)
                .ifNoItem().after(config.fetchTimeout()).fail()
                .onFailure().transform(PageFetcher::explain)
                .map(PageFetcher::page);
    }

    private static Page page(GuardedHttpClient.Response response) {
        if (response.status() < 200 || response.status() > 299) {
            throw unreadable(response.status() < 500 ? "upstream_4xx" : "upstream_5xx",
                    "The site answered with HTTP status " + response.status())
                    .withDetail("upstream_status", response.status());
        }
        String contentType = response.headers().get("Content-Type");
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        // A page served without a type is given a chance; anything typed as something else is not a web page.
        if (!type.isEmpty() && !type.startsWith("text/html") && !type.startsWith("application/xhtml+xml")) {
            throw unreadable("not_html", "The address is not an HTML page (" + contentType.strip() + ")");
        }
        if (response.body().length() == 0) {
            throw unreadable("not_html", "The page is empty");
        }
        return new Page(response.body().getBytes(), charset(contentType), response.url());
    }

    private static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        Matcher matcher = CHARSET.matcher(contentType);
        if (matcher.find()) {
            try {
                return Charset.isSupported(matcher.group(1)) ? matcher.group(1) : null;
            } catch (IllegalArgumentException unsupported) {
                return null;
            }
        }
        return null;
    }

    private static Throwable explain(Throwable failure) {
        if (failure instanceof ApiException) {
            return failure;
        }
        if (failure instanceof OutboundRefusedException refused) {
            return switch (refused.reason()) {
                case UNRESOLVABLE -> unreadable("dns", "The site's name does not resolve: " + refused.getMessage());
                case INVALID_URL, FORBIDDEN_ADDRESS, REDIRECT_BLOCKED -> ApiException.validation("url",
                        refused.getMessage());
            };
        }
        // Mutiny's bound on the whole fetch, or Vert.x's idle timeout (an internal class, known by its message).
        if (failure instanceof TimeoutException || failure instanceof java.util.concurrent.TimeoutException
                || String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT).contains("timeout")) {
            return unreadable("timeout", "The site did not answer in time");
        }
        if (failure instanceof SSLException || failure.getCause() instanceof SSLException) {
            return unreadable("tls", "The site's secure connection failed");
        }
        return unreadable("connect", "The site could not be reached");
    }

    private static ApiException unreadable(String failureClass, String message) {
        return ApiException.of(ErrorCode.INVALID_REQUEST, message)
                .withStatus(422)
                .withHint("Check that the address opens in a browser, or use the description wizard instead.")
                .withDetail("failure_class", failureClass);
    }
}
