package dev.voiceplatform.common.outbound;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a URL host the way clients and resolvers may read it, so an address cannot hide behind another
 * spelling: IPv6 literals, and IPv4 in the inet_aton forms ({@code 2130706433}, {@code 0x7f.1},
 * {@code 0177.0.0.1}, {@code 127.1}) as well as dotted decimal.
 */
final class HostLiteral {

    private HostLiteral() {
    }

    /** The address the host spells, empty when it is a name to resolve; refuses hosts no client agrees on. */
    static Optional<InetAddress> parse(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            String inside = host.substring(1, host.length() - 1);
            if (inside.contains("%") || !inside.matches("[0-9a-fA-F:.]+")) {
                throw new OutboundRefusedException(OutboundRefusedException.Reason.INVALID_URL,
                        "the IPv6 literal is not a plain address");
            }
            return Optional.of(literal(inside));
        }
        String[] labels = host.split("\\.", -1);
        if (!isNumber(labels[labels.length - 1])) {
            return Optional.empty();
        }
        // A host ending in a numeric label is an IPv4 address to every URL parser, never a name.
        long[] parts = new long[labels.length];
        for (int i = 0; i < labels.length; i++) {
            parts[i] = number(labels[i]);
        }
        return Optional.of(literal(ipv4(parts)));
    }

    private static String ipv4(long[] parts) {
        if (parts.length > 4) {
            throw invalid();
        }
        long value = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i] > 255) {
                throw invalid();
            }
            value |= parts[i] << (8 * (3 - i));
        }
        long last = parts[parts.length - 1];
        if (last >= 1L << (8 * (5 - parts.length))) {
            throw invalid();
        }
        value |= last;
        return ((value >> 24) & 255) + "." + ((value >> 16) & 255) + "." + ((value >> 8) & 255) + "." + (value & 255);
    }

    private static boolean isNumber(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        return lower.matches("0x[0-9a-f]*") || lower.matches("[0-9]+");
    }

    private static long number(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("0x")) {
                return lower.length() == 2 ? 0 : parseBounded(lower.substring(2), 16);
            }
            if (lower.length() > 1 && lower.startsWith("0")) {
                return parseBounded(lower.substring(1), 8);
            }
            return parseBounded(lower, 10);
        } catch (NumberFormatException e) {
            throw invalid();
        }
    }

    private static long parseBounded(String digits, int radix) {
        if (digits.length() > 12) {
            throw invalid();
        }
        return Long.parseLong(digits, radix);
    }

    private static InetAddress literal(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw invalid();
        }
    }

    private static OutboundRefusedException invalid() {
        return new OutboundRefusedException(OutboundRefusedException.Reason.INVALID_URL, "the host is not a valid address");
    }
}
