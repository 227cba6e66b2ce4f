package dev.voiceplatform.common.correlation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class CorrelationIdsTest {

    @Test
    void keepsIdsOfUpTo128LettersDigitsAndTheFourPunctuationMarks() {
        for (String accepted : new String[] {"abc", "A-b_c.d:e", "x".repeat(128), "0"}) {
            assertEquals(accepted, CorrelationIds.acceptOrGenerate(accepted));
        }
    }

    @Test
    void replacesAnythingElse() {
        for (String refused : new String[] {null, "", "x".repeat(129), "has space", "semi;colon", "new\nline",
                "ünïcode", "<script>"}) {
            String generated = CorrelationIds.acceptOrGenerate(refused);
            assertNotEquals(refused, generated);
            assertEquals(generated, CorrelationIds.acceptOrGenerate(generated));
        }
    }
}
