package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhoneNumbersTest {

    @Test
    void internationalAndNationalFormsBecomeE164() {
        assertEquals(Optional.of("+972502345678"), PhoneNumbers.toE164("+972 50-234-5678", "US"));
        assertEquals(Optional.of("+972502345678"), PhoneNumbers.toE164("00972502345678", "US"));
        assertEquals(Optional.of("+972502345678"), PhoneNumbers.toE164("050-234-5678", "IL"));
        assertEquals(Optional.of("+12015550123"), PhoneNumbers.toE164("(201) 555-0123", "US"));
    }

    @Test
    void whatIsNotAValidNumberIsRefused() {
        for (String raw : new String[] {null, "", "  ", "hello", "+1", "12", "+99912345678", "050-123-4567",
                "1".repeat(65)}) {
            assertTrue(PhoneNumbers.toE164(raw, "US").isEmpty(), String.valueOf(raw));
        }
    }

    @Test
    void aNumberInInternationalFormTellsItsRegion() {
        assertEquals(Optional.of("US"), PhoneNumbers.regionOf("+12015550100"));
        assertEquals(Optional.of("IL"), PhoneNumbers.regionOf("+97235550100"));
        assertEquals(Optional.empty(), PhoneNumbers.regionOf("2015550100"));
        assertEquals(Optional.empty(), PhoneNumbers.regionOf("+99912345678"));
    }
}
