package dev.voiceplatform.common.events;

/** One topic per owning domain, keyed by aggregate id. */
public final class Topics {

    public static final String AGENTS = "agents.events";
    public static final String LEADS = "leads.events";
    public static final String NUMBERS = "numbers.events";
    public static final String CALLS = "calls.events";
    /**
     * What happened on the line, as the voice runtime saw it (answered, ended, lead heard, agent error, a caller
     * asking not to be called again). Internal: only the calls service reads it, and turns it into call events.
     */
    public static final String RUNTIME = "runtime.events";

    private Topics() {
    }
}
