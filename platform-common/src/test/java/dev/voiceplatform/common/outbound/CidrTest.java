package dev.voiceplatform.common.outbound;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class CidrTest {

    @Test
    void containsExactlyItsNetwork() throws Exception {
        Cidr network = Cidr.parse("172.16.0.0/12");
        assertTrue(network.contains(InetAddress.getByName("172.16.0.0").getAddress()));
        assertTrue(network.contains(InetAddress.getByName("172.31.255.255").getAddress()));
        assertFalse(network.contains(InetAddress.getByName("172.32.0.0").getAddress()));
        assertFalse(network.contains(InetAddress.getByName("fd00::1").getAddress()), "an IPv6 address is never in an IPv4 network");
        assertTrue(Cidr.parse("0.0.0.0/0").contains(InetAddress.getByName("8.8.8.8").getAddress()));
        assertTrue(Cidr.parse("fc00::/7").contains(InetAddress.getByName("fdff::1").getAddress()));
    }

    @Test
    void refusesWhatIsNotCidr() {
        assertThrows(IllegalArgumentException.class, () -> Cidr.parse("10.0.0.0"));
        assertThrows(IllegalArgumentException.class, () -> Cidr.parse("10.0.0.0/33"));
        assertThrows(IllegalArgumentException.class, () -> Cidr.parse("example.com/8"));
    }
}
