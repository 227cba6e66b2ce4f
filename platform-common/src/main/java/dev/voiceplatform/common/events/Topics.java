package dev.voiceplatform.common.events;

/** One topic per owning domain, keyed by aggregate id. */
public final class Topics {

    public static final String AGENTS = "agents.events";
    public static final String LEADS = "leads.events";
    public static final String NUMBERS = "numbers.events";

    private Topics() {
    }
}
