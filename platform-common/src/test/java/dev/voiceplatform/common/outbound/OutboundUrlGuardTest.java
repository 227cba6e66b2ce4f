package dev.voiceplatform.common.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class OutboundUrlGuardTest {

    /** Names the tests resolve without a network: a public one, and public-looking ones that answer privately. */
    private static final Map<String, List<String>> DNS = Map.of(
            "hooks.example.com", List.of("93.184.216.34"),
            "localhost", List.of("127.0.0.1", "::1"),
            "rebind.example.com", List.of("127.0.0.1"),
            "metadata.example.com", List.of("169.254.169.254"),
            "mixed.example.com", List.of("93.184.216.34", "10.0.0.5"),
            "v6private.example.com", List.of("fd00::1"),
            "mapped.example.com", List.of("::ffff:192.168.1.1"));

    private static final HostResolver RESOLVER = host -> {
        List<String> answers = DNS.get(host);
        if (answers == null) {
            throw new UnknownHostException(host);
        }
        return answers.stream().map(OutboundUrlGuardTest::literal).toList();
    };

    private final OutboundUrlGuard guard = new OutboundUrlGuard(RESOLVER, new AddressPolicy(List.of()));

    @ParameterizedTest
    @ValueSource(strings = {
        // loopback, in every spelling
        "http://127.0.0.1/", "http://127.1/", "http://127.0.1/", "http://2130706433/", "http://0x7f000001/",
        "http://0x7f.0.0.1/", "http://0177.0.0.1/", "http://017700000001/", "http://127.000.000.001/",
        "http://127.255.255.254:8080/x", "http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", "http://localhost./",
        // unspecified
        "http://0.0.0.0/", "http://0/", "http://[::]/",
        // private and carrier-grade NAT
        "http://10.0.0.1/", "http://10.255.255.255/", "http://172.16.0.1/", "http://172.31.255.254/",
        "http://192.168.0.1/", "http://100.64.0.1/", "http://100.127.255.254/",
        // link-local and cloud metadata
        "http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://0xa9fea9fe/",
        // multicast, broadcast and reserved
        "http://224.0.0.1/", "http://239.255.255.250/", "http://255.255.255.255/", "http://240.0.0.1/",
        "http://[ff02::1]/",
        // documentation and benchmarking
        "http://192.0.2.1/", "http://198.51.100.7/", "http://203.0.113.9/", "http://198.18.0.1/",
        "http://[2001:db8::1]/", "http://[2001:2::1]/", "http://[3fff::1]/",
        // IETF and other special-purpose
        "http://192.0.0.8/", "http://192.88.99.1/", "http://[100::1]/", "http://[2001::1]/",
        // IPv6 unique local and site-local
        "http://[fc00::1]/", "http://[fd12:3456::1]/", "http://[fec0::1]/",
        // IPv4 hidden inside IPv6
        "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::ffff:10.0.0.1]/",
        "http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[64:ff9b::a9fe:a9fe]/",
        "http://[64:ff9b:1::c0a8:101]/", "http://[2002:7f00:1::]/", "http://[2002:c0a8:101::1]/",
        // public names that resolve to private addresses
        "http://rebind.example.com/", "https://metadata.example.com/", "http://mixed.example.com/",
        "http://v6private.example.com/", "http://mapped.example.com/"
    })
    void refusesEveryPrivateInternalOrReservedDestination(String url) {
        OutboundRefusedException refused = assertThrows(OutboundRefusedException.class, () -> guard.checkBlocking(url));
        assertEquals(OutboundRefusedException.Reason.FORBIDDEN_ADDRESS, refused.reason(), url);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "ftp://hooks.example.com/", "file:///etc/passwd", "gopher://hooks.example.com/", "javascript:alert(1)",
        "hooks.example.com/path", "http://", "http:///nohost", "", "http://user:pass@hooks.example.com/",
        "http://[fe80::1%25eth0]/", "http://256.1.1.1/", "http://1.2.3.4.5/", "http://0x100000000/",
        "http://999999999999999/", "http://127.0.0.1x/"
    })
    void refusesWhatIsNotAPlainHttpUrl(String url) {
        OutboundRefusedException refused = assertThrows(OutboundRefusedException.class, () -> guard.checkBlocking(url));
        org.junit.jupiter.api.Assertions.assertTrue(
                refused.reason() == OutboundRefusedException.Reason.INVALID_URL
                        || refused.reason() == OutboundRefusedException.Reason.UNRESOLVABLE, url + ": " + refused.reason());
    }

    @Test
    void aNameThatDoesNotResolveIsRefusedAsSuch() {
        assertEquals(OutboundRefusedException.Reason.UNRESOLVABLE, assertThrows(OutboundRefusedException.class,
                () -> guard.checkBlocking("https://nowhere.example.com/")).reason());
    }

    @Test
    void acceptsPublicDestinationsAndKeepsTheCheckedAddress() {
        OutboundTarget target = guard.checkBlocking("https://Hooks.Example.com:8443/in?x=1");
        assertEquals(literal("93.184.216.34"), target.address());
        assertEquals("hooks.example.com", target.host());
        assertEquals(8443, target.port());
        assertEquals(true, target.tls());
        assertEquals("/in?x=1", target.requestTarget());
        assertEquals(80, guard.checkBlocking("http://93.184.216.34").port());
        assertEquals("/", guard.checkBlocking("http://93.184.216.34").requestTarget());
        assertEquals(literal("2606:4700::1111"), guard.checkBlocking("http://[2606:4700::1111]/").address());
        assertEquals(literal("8.8.8.8"), guard.checkBlocking("http://134744072/").address());
    }

    @Test
    void theAllowlistOpensOnlyItsNetworks() {
        OutboundUrlGuard demo = new OutboundUrlGuard(RESOLVER, new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8"))));
        assertEquals(literal("127.0.0.1"), demo.checkBlocking("http://rebind.example.com:9000/hook").address());
        assertThrows(OutboundRefusedException.class, () -> demo.checkBlocking("http://10.0.0.1/"));
        assertThrows(OutboundRefusedException.class, () -> demo.checkBlocking("http://[::1]/"));
    }

    private static InetAddress literal(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
