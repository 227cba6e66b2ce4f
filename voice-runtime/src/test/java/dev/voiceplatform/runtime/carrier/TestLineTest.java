package dev.voiceplatform.runtime.carrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TestLineTest {

    @Test
    void theLastFourDigitsChooseTheLine() {
        assertEquals(TestLine.NO_ANSWER, TestLine.of("+14155550001"));
        assertEquals(TestLine.BUSY, TestLine.of("+14155550002"));
        assertEquals(TestLine.REFUSED, TestLine.of("+972535550003"));
        assertEquals(TestLine.SILENT, TestLine.of("+14155550004"));
        assertEquals(TestLine.SILENT_TEARDOWN_REFUSED, TestLine.of("+14155550005"));
        assertEquals(TestLine.VOICEMAIL, TestLine.of("+14155550006"));
        assertEquals(TestLine.DO_NOT_CALL_ENGLISH, TestLine.of("+14155550007"));
        assertEquals(TestLine.DO_NOT_CALL_HEBREW, TestLine.of("+14155550008"));
        assertEquals(TestLine.CONVERSATION, TestLine.of("+14155550123"));
        assertEquals(TestLine.CONVERSATION, TestLine.of("+14155551001"));
    }

    @Test
    void whatEachLineDoes() {
        assertFalse(TestLine.NO_ANSWER.answers());
        assertFalse(TestLine.BUSY.answers());
        assertTrue(TestLine.VOICEMAIL.answers());
        assertTrue(TestLine.SILENT_TEARDOWN_REFUSED.refusesTeardown());
        assertFalse(TestLine.SILENT.refusesTeardown());
        assertEquals(TestLine.CONVERSATION, TestLine.BUSY.asCaller());
        assertEquals(TestLine.CONVERSATION, TestLine.VOICEMAIL.asCaller());
        assertEquals(TestLine.SILENT, TestLine.SILENT.asCaller());
        assertEquals(4, SimulatedPerson.at(TestLine.CONVERSATION).lines().size());
        assertTrue(SimulatedPerson.at(TestLine.SILENT).lines().isEmpty());
        assertTrue(SimulatedPerson.at(TestLine.VOICEMAIL).speaksFirst());
    }
}
