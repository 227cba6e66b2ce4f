package dev.voiceplatform.runtime.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class UtterancesTest {

    @Test
    void doNotCallRequestsInEnglishAndHebrew() {
        for (String said : new String[] {"Please don't call me again.", "DO NOT CALL ME AGAIN", "Stop calling me!",
                "Remove me from your list, thanks", "I said don’t call me anymore", "אל תתקשרו אליי יותר",
                "תפסיקו להתקשר", "בבקשה תורידו אותי מהרשימה"}) {
            assertTrue(Utterances.asksNotToBeCalled(said), said);
        }
        for (String said : new String[] {"Call me again tomorrow", "What are your hours?", "שלום, מי זה?"}) {
            assertFalse(Utterances.asksNotToBeCalled(said), said);
        }
    }

    @Test
    void goodbyesAndQuestions() {
        assertTrue(Utterances.isGoodbye("That's all, thank you. Goodbye!"));
        assertTrue(Utterances.isGoodbye("ok bye"));
        assertTrue(Utterances.isGoodbye("תודה, להתראות"));
        assertFalse(Utterances.isGoodbye("Maybe later"));
        assertTrue(Utterances.isQuestion("What are your opening hours?"));
        assertTrue(Utterances.isQuestion("do you take insurance"));
        assertFalse(Utterances.isQuestion("My name is Dana."));
    }

    @Test
    void namesAndNumbersTheCallerGives() {
        String said = "My name is Dana Levi and my number is +1 415 555 0142.";
        assertEquals(Optional.of("Dana Levi"), Utterances.name(said));
        assertEquals(Optional.of("+14155550142"), Utterances.phoneNumber(said));
        assertEquals(Optional.of("Dana"), Utterances.name("Hi, this is Dana."));
        assertEquals(Optional.empty(), Utterances.name("I am not sure about that"));
        assertEquals(Optional.of("+14155550142"), Utterances.phoneNumber("call me at (415) 555-0142"));
        assertEquals(Optional.empty(), Utterances.phoneNumber("I have 2 kids"));
        assertTrue(Utterances.isHebrew("שמי דנה"));
        assertFalse(Utterances.isHebrew("Dana"));
    }
}
