package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void newIdsAreVersion7WithTheRfcVariantAndSortInCreationOrder() {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(Ids.newId());
        }
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(7, ids.get(i).version());
            assertEquals(2, ids.get(i).variant());
            if (i > 0) {
                assertTrue(ids.get(i - 1).toString().compareTo(ids.get(i).toString()) < 0,
                        "ids made in order sort in order: " + ids.get(i - 1) + " then " + ids.get(i));
            }
        }
    }

    @Test
    void theTimestampIsTheCurrentTime() {
        long before = System.currentTimeMillis();
        long embedded = Ids.newId().getMostSignificantBits() >>> 16;
        assertTrue(embedded >= before && embedded <= System.currentTimeMillis() + 1);
    }

    @Test
    void aMalformedPathIdIsNotFound() {
        for (String raw : new String[] {"abc", "", "123", "01a1fc8c-118d-7bfa-8d50-eb2fef0c16f", "../etc/passwd",
                "01a1fc8c-118d-7bfa-8d50-eb2fef0c16fa0"}) {
            ApiException e = assertThrows(ApiException.class, () -> Ids.fromPath(raw, "Agent"));
            assertEquals(ErrorCode.NOT_FOUND, e.code());
            assertEquals(404, e.status());
        }
        assertNull(Ids.parseOrNull(null));
        // UUID.fromString would take these; an id is only ever the canonical 36 characters.
        assertNull(Ids.parseOrNull("1-1-1-1-1"));
        assertNull(Ids.parseOrNull(" " + UUID.randomUUID()));
        UUID id = UUID.randomUUID();
        assertEquals(id, Ids.fromPath(id.toString(), "Agent"));
    }
}
