package dev.voiceplatform.runtime.carrier;

/**
 * What the local carrier (a simulator of the telephone network) finds at a number, by the number's last four
 * digits. Part of the contract with the calls service, so its tests and anyone trying the platform can provoke
 * each outcome; 0007 and 0008 add people who ask not to be called again (English, Hebrew).
 */
public enum TestLine {
    /** Rings, nobody answers: the call ends missed (no_answer). */
    NO_ANSWER("0001"),
    /** Busy: the call ends failed (busy). */
    BUSY("0002"),
    /** The carrier refuses the dial: nothing rings. */
    REFUSED("0003"),
    /** A person answers and stays silent until hung up (or the maximum duration or silence timeout). */
    SILENT("0004"),
    /** As {@link #SILENT}, and the media layer refuses to tear the line down. */
    SILENT_TEARDOWN_REFUSED("0005"),
    /** A voicemail greeting answers. */
    VOICEMAIL("0006"),
    /** A person answers, then asks (in English) not to be called again. */
    DO_NOT_CALL_ENGLISH("0007"),
    /** A person answers, then asks (in Hebrew) not to be called again. */
    DO_NOT_CALL_HEBREW("0008"),
    /** A person answers, asks a question, gives a name and a phone number and says goodbye. */
    CONVERSATION(null);

    private final String lastFour;

    TestLine(String lastFour) {
        this.lastFour = lastFour;
    }

    /** The line at {@code number} (E.164). */
    public static TestLine of(String number) {
        if (number != null) {
            for (TestLine line : values()) {
                if (line.lastFour != null && number.endsWith(line.lastFour)) {
                    return line;
                }
            }
        }
        return CONVERSATION;
    }

    /** Whether somebody (or a machine) picks up. */
    public boolean answers() {
        return this != NO_ANSWER && this != BUSY && this != REFUSED;
    }

    /** Whether the media layer refuses to close this line. */
    public boolean refusesTeardown() {
        return this == SILENT_TEARDOWN_REFUSED;
    }

    /**
     * The person who calls in from this number: a caller is never busy, unreachable or a voicemail box, so those
     * numbers call in as the conversational person.
     */
    public TestLine asCaller() {
        return answers() && this != VOICEMAIL ? this : CONVERSATION;
    }
}
