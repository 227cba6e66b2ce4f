package dev.voiceplatform.runtime.media;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The RIFF/WAVE header of the recordings: PCM, 8 kHz, 16-bit, mono (telephone audio). */
public final class WavFormat {

    public static final int SAMPLE_RATE = 8000;
    public static final int BITS_PER_SAMPLE = 16;
    public static final int CHANNELS = 1;
    public static final int BYTES_PER_SAMPLE = BITS_PER_SAMPLE / 8 * CHANNELS;
    public static final int HEADER_BYTES = 44;

    private WavFormat() {
    }

    /** The 44-byte header of a file holding {@code dataBytes} bytes of samples. */
    public static byte[] header(long dataBytes) {
        if (dataBytes < 0 || dataBytes > 0xFFFF_FFFFL - 36) {
            throw new IllegalArgumentException("a WAV file holds at most 4 GiB of samples");
        }
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.put(ascii("RIFF")).putInt((int) (36 + dataBytes)).put(ascii("WAVE"));
        header.put(ascii("fmt ")).putInt(16).putShort((short) 1).putShort((short) CHANNELS).putInt(SAMPLE_RATE)
                .putInt(SAMPLE_RATE * BYTES_PER_SAMPLE).putShort((short) BYTES_PER_SAMPLE)
                .putShort((short) BITS_PER_SAMPLE);
        header.put(ascii("data")).putInt((int) dataBytes);
        return header.array();
    }

    private static byte[] ascii(String tag) {
        return tag.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
