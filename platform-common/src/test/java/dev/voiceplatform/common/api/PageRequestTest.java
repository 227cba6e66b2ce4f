package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import java.util.List;
import org.junit.jupiter.api.Test;

class PageRequestTest {

    @Test
    void defaultsApplyWhenNothingIsSent() {
        assertEquals(new PageRequest(20, 0), PageRequest.parse(null, null, 20, 100));
    }

    @Test
    void thePlatformsListsPage20ByDefaultAndAtMost100() {
        assertEquals(new PageRequest(20, 0), PageRequest.parse(null, null));
        assertEquals(new PageRequest(100, 0), PageRequest.parse("100", null));
        ApiException e = assertThrows(ApiException.class, () -> PageRequest.parse("101", null));
        assertEquals("must be an integer from 1 to 100", e.fields().get(0).reason());
    }

    @Test
    void limitsOutsideTheRangeAndNonNumbersAreValidationErrorsNamingEachField() {
        ApiException e = assertThrows(ApiException.class, () -> PageRequest.parse("0", "-3", 20, 100));
        assertEquals(ErrorCode.VALIDATION_ERROR, e.code());
        assertEquals(List.of("limit", "offset"), e.fields().stream().map(FieldError::field).toList());
        assertThrows(ApiException.class, () -> PageRequest.parse("101", null, 20, 100));
        assertThrows(ApiException.class, () -> PageRequest.parse("many", null, 20, 100));
        assertEquals(new PageRequest(100, 7), PageRequest.parse("100", "7", 20, 100));
    }

    @Test
    void hasMoreTellsWhetherAnotherPageExists() {
        assertTrue(ListEnvelope.of(List.of("a", "b"), 5, new PageRequest(2, 0)).pagination().hasMore());
        assertTrue(ListEnvelope.of(List.of("c", "d"), 5, new PageRequest(2, 2)).pagination().hasMore());
        assertFalse(ListEnvelope.of(List.of("e"), 5, new PageRequest(2, 4)).pagination().hasMore());
        assertFalse(ListEnvelope.of(List.of(), 5, new PageRequest(2, 10)).pagination().hasMore());
    }
}
