package dev.voiceplatform.common.outbound;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses a server-side request may reach: only public unicast ones. IPv6 forms that carry an IPv4
 * address (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are judged by the IPv4 address inside them.
 */
public final class AddressPolicy {

    private static final List<Cidr> FORBIDDEN_V4 = cidrs(
            "0.0.0.0/8",          // "this network", unspecified
            "10.0.0.0/8",         // private
            "100.64.0.0/10",      // carrier-grade NAT
            "127.0.0.0/8",        // loopback
            "169.254.0.0/16",     // link-local, cloud metadata
            "172.16.0.0/12",      // private
            "192.0.0.0/24",       // IETF protocol assignments
            "192.0.2.0/24",       // documentation
            "192.31.196.0/24",    // AS112
            "192.52.193.0/24",    // AMT
            "192.88.99.0/24",     // 6to4 relay anycast
            "192.168.0.0/16",     // private
            "192.175.48.0/24",    // AS112 direct delegation
            "198.18.0.0/15",      // benchmarking
            "198.51.100.0/24",    // documentation
            "203.0.113.0/24",     // documentation
            "224.0.0.0/4",        // multicast
            "240.0.0.0/4",        // reserved, broadcast
            "255.255.255.255/32");

    private static final List<Cidr> FORBIDDEN_V6 = cidrs(
            "::/128",             // unspecified
            "::1/128",            // loopback
            "100::/64",           // discard-only
            "2001::/23",          // IETF protocol assignments (Teredo, benchmarking, ORCHID)
            "2001:db8::/32",      // documentation
            "3fff::/20",          // documentation
            "5f00::/16",          // segment routing
            "fc00::/7",           // unique local
            "fe80::/10",          // link-local
            "fec0::/10",          // site-local (deprecated)
            "ff00::/8");          // multicast

    private final List<Cidr> allowed;

    /** @param allowed networks reachable despite the rules, for tests and local demos only */
    public AddressPolicy(List<Cidr> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /** Why the address may not be reached, or empty when it may. */
    public Optional<String> refusal(InetAddress address) {
        byte[] raw = address.getAddress();
        if (allowed.stream().anyMatch(cidr -> cidr.contains(raw))) {
            return Optional.empty();
        }
        byte[] v4 = raw.length == 4 ? raw : embeddedV4(raw);
        if (v4 != null) {
            return FORBIDDEN_V4.stream().anyMatch(cidr -> cidr.contains(v4))
                    ? Optional.of("a private, internal or reserved address")
                    : Optional.empty();
        }
        return FORBIDDEN_V6.stream().anyMatch(cidr -> cidr.contains(raw))
                ? Optional.of("a private, internal or reserved address")
                : Optional.empty();
    }

    /** The IPv4 address an IPv6 address stands for, or null when it stands for none. */
    static byte[] embeddedV4(byte[] v6) {
        if (startsWith(v6, new byte[10], 0) && v6[10] == (byte) 0xff && v6[11] == (byte) 0xff) {
            return Arrays.copyOfRange(v6, 12, 16);                 // ::ffff:a.b.c.d, IPv4-mapped
        }
        if (startsWith(v6, new byte[12], 0) && !isZeroOrOne(v6)) {
            return Arrays.copyOfRange(v6, 12, 16);                 // ::a.b.c.d, IPv4-compatible
        }
        if (startsWith(v6, new byte[] {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0}, 0)) {
            return Arrays.copyOfRange(v6, 12, 16);                 // 64:ff9b::/96, well-known NAT64
        }
        if (startsWith(v6, new byte[] {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 1}, 0)) {
            return Arrays.copyOfRange(v6, 12, 16);                 // 64:ff9b:1::/48, local-use NAT64
        }
        if (v6[0] == 0x20 && v6[1] == 0x02) {
            return Arrays.copyOfRange(v6, 2, 6);                   // 2002::/16, 6to4
        }
        return null;
    }

    private static boolean isZeroOrOne(byte[] v6) {
        for (int i = 12; i < 15; i++) {
            if (v6[i] != 0) {
                return false;
            }
        }
        return v6[15] == 0 || v6[15] == 1;
    }

    private static boolean startsWith(byte[] value, byte[] prefix, int from) {
        for (int i = 0; i < prefix.length; i++) {
            if (value[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static List<Cidr> cidrs(String... notations) {
        return Arrays.stream(notations).map(Cidr::parse).toList();
    }
}
