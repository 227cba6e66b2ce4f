package dev.voiceplatform.runtime.media;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WavFormatTest {

    @Test
    void theHeaderDescribes8KilohertzSixteenBitMonoPcm() {
        byte[] header = WavFormat.header(16000);
        assertEquals(44, header.length);
        ByteBuffer fields = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        assertArrayEquals("RIFF".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(header, 0, 4));
        assertEquals(36 + 16000, fields.getInt(4));
        assertArrayEquals("WAVEfmt ".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(header, 8, 16));
        assertEquals(16, fields.getInt(16));
        assertEquals(1, fields.getShort(20));
        assertEquals(1, fields.getShort(22));
        assertEquals(8000, fields.getInt(24));
        assertEquals(16000, fields.getInt(28), "byte rate");
        assertEquals(2, fields.getShort(32), "block align");
        assertEquals(16, fields.getShort(34));
        assertArrayEquals("data".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(header, 36, 40));
        assertEquals(16000, fields.getInt(40));
    }

    @Test
    void moreThanAWavFileHoldsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WavFormat.header(0xFFFF_FFFFL));
        assertThrows(IllegalArgumentException.class, () -> WavFormat.header(-1));
    }
}
