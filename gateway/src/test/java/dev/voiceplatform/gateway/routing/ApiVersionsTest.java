package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiVersionsTest {

    @Test
    void absentMeansTheOldestServedVersion() {
        assertEquals("2026-01-01", ApiVersions.resolve(null));
    }

    @Test
    void aServedVersionIsKeptAroundSpaces() {
        assertEquals("2026-08-06", ApiVersions.resolve(" 2026-08-06 "));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "2026", "2026-02-29", "2026-00-10", "+2026-01-01", "2026/01/01", "٢٠٢٦-٠١-٠١" })
    void somethingOtherThanADateIsInvalid(String header) {
        ApiException error = assertThrows(ApiException.class, () -> ApiVersions.resolve(header));
        assertEquals(ErrorCode.INVALID_API_VERSION, error.code());
        assertEquals(400, error.status());
    }

    @ParameterizedTest
    @ValueSource(strings = { "2025-12-31", "2026-01-02", "2026-08-05", "2028-02-29" })
    void aDateNotServedIsUnsupportedWithoutFallback(String header) {
        ApiException error = assertThrows(ApiException.class, () -> ApiVersions.resolve(header));
        assertEquals(ErrorCode.UNSUPPORTED_API_VERSION, error.code());
        assertEquals(List.of("2026-01-01", "2026-08-06"), error.details().get("supported_versions"));
    }
}
