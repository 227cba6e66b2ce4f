package dev.voiceplatform.common.outbound;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** An IPv4 or IPv6 network in CIDR notation. */
public record Cidr(byte[] network, int prefixLength) {

    public static Cidr parse(String notation) {
        int slash = notation.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not CIDR notation: " + notation);
        }
        byte[] address = literal(notation.substring(0, slash).strip());
        int prefix = Integer.parseInt(notation.substring(slash + 1).strip());
        if (prefix < 0 || prefix > address.length * 8) {
            throw new IllegalArgumentException("prefix out of range: " + notation);
        }
        return new Cidr(address, prefix);
    }

    public boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int bits = address.length * 8;
        BigInteger mask = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                .shiftRight(prefixLength).not().and(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
        return new BigInteger(1, address).and(mask).equals(new BigInteger(1, network).and(mask));
    }

    /** An address literal only: never a name lookup. */
    private static byte[] literal(String text) {
        if (!text.matches("[0-9a-fA-F:.]+")) {
            throw new IllegalArgumentException("not an address literal: " + text);
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address literal: " + text, e);
        }
    }
}
