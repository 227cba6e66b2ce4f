package dev.voiceplatform.common.outbound;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one guard in front of every server-side fetch or delivery (DESIGN section 7): http and https only, the
 * host resolved and every address checked against {@link AddressPolicy}, the connection then made to the
 * address that was checked.
 */
@ApplicationScoped
public class OutboundUrlGuard {

    private final HostResolver resolver;
    private final AddressPolicy policy;

    @Inject
    public OutboundUrlGuard(HostResolver resolver, OutboundConfig config) {
        this(resolver, new AddressPolicy(config.allowCidrs().orElse(List.of()).stream().map(Cidr::parse).toList()));
    }

    OutboundUrlGuard(HostResolver resolver, AddressPolicy policy) {
        this.resolver = resolver;
        this.policy = policy;
    }

    /** Checks the URL off the event loop (name resolution blocks); fails with {@link OutboundRefusedException}. */
    public Uni<OutboundTarget> check(String url) {
        return Uni.createFrom().item(() -> checkBlocking(url)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** The same check for code already on a worker thread. */
    public OutboundTarget checkBlocking(String url) {
        Parsed parsed = parse(url);
        Optional<InetAddress> literal = HostLiteral.parse(parsed.host());
        List<InetAddress> addresses = literal.map(List::of).orElseGet(() -> resolve(parsed.host()));
        for (InetAddress address : addresses) {
            policy.refusal(address).ifPresent(reason -> {
                throw new OutboundRefusedException(OutboundRefusedException.Reason.FORBIDDEN_ADDRESS,
                        parsed.host() + " is " + reason);
            });
        }
        return new OutboundTarget(parsed.uri(), parsed.host(), parsed.port(), parsed.tls(), addresses.get(0));
    }

    private List<InetAddress> resolve(String host) {
        try {
            List<InetAddress> addresses = resolver.resolve(host);
            if (addresses.isEmpty()) {
                throw new UnknownHostException(host);
            }
            return addresses;
        } catch (UnknownHostException e) {
            throw new OutboundRefusedException(OutboundRefusedException.Reason.UNRESOLVABLE, host + " does not resolve");
        }
    }

    private record Parsed(URI uri, String host, int port, boolean tls) {
    }

    /**
     * Host and port are read from the raw authority: {@link URI#getHost()} gives up on spellings such as
     * {@code 127.1}, which other clients happily connect to.
     */
    private static Parsed parse(String url) {
        if (url == null || url.isBlank() || url.length() > 2048) {
            throw invalid("the URL is missing or too long");
        }
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw invalid("the URL cannot be read");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid("only http and https URLs are allowed");
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw invalid("the URL has no host");
        }
        if (authority.contains("@")) {
            throw invalid("credentials in the URL are not allowed; send them as headers");
        }
        boolean tls = scheme.equals("https");
        String host;
        String portText = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw invalid("the URL cannot be read");
            }
            host = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw invalid("the URL cannot be read");
                }
                portText = rest.substring(1);
            }
        } else {
            int colon = authority.lastIndexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? null : authority.substring(colon + 1);
        }
        return new Parsed(uri, normalizedHost(host), port(portText, tls), tls);
    }

    private static int port(String text, boolean tls) {
        if (text == null || text.isEmpty()) {
            return tls ? 443 : 80;
        }
        if (!text.matches("[0-9]{1,5}") || Integer.parseInt(text) < 1 || Integer.parseInt(text) > 65535) {
            throw invalid("the port is not valid");
        }
        return Integer.parseInt(text);
    }

    /** Lower case, one trailing dot dropped, internationalized names in their ASCII form. */
    private static String normalizedHost(String host) {
        if (host.isEmpty()) {
            throw invalid("the URL has no host");
        }
        if (host.startsWith("[")) {
            return host.toLowerCase(Locale.ROOT);
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        try {
            return IDN.toASCII(name, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw invalid("the host is not a valid name");
        }
    }

    private static OutboundRefusedException invalid(String message) {
        return new OutboundRefusedException(OutboundRefusedException.Reason.INVALID_URL, message);
    }
}
