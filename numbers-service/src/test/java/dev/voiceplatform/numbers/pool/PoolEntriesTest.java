package dev.voiceplatform.numbers.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PoolEntriesTest {

    @Test
    void singlesAndRangesInOrderWithoutDuplicates() {
        assertEquals(List.of("+12015550100", "+12015550150", "+12015550151", "+12015550152"),
                PoolEntries.parse("US", " +12015550100, +12015550150..+12015550152 ,, +12015550151"));
        assertEquals(List.of("+97235550100"), PoolEntries.parse("IL", "+97235550100..+97235550100"));
    }

    @Test
    void anEmptySettingIsAnEmptyPool() {
        assertTrue(PoolEntries.parse("US", " ").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2015550100", "+1 201 555 0100", "+97235550100", "+1999", "call me",
            "+12015550199..+12015550100", "+12015550100..+120155501000", "+12015550100..x",
            "+12010000000..+12010099999"})
    void anEntryThatIsNotAUsNumberInE164IsRefusedByName(String entry) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PoolEntries.parse("US", "+12015550100," + entry));
        assertTrue(refused.getMessage().contains(entry.split("\\.\\.")[0].strip()), refused.getMessage());
    }

    @Test
    void aRangeHoldsAtMostTenThousandNumbers() {
        assertEquals(PoolEntries.MAX_RANGE, PoolEntries.parse("US", "+12015550000..+12015559999").size());
    }
}
