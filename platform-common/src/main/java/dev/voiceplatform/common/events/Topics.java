package dev.voiceplatform.common.events;

/** One topic per owning domain, keyed by aggregate id. */
public final class Topics {

    public static final String AGENTS = "agents.events";

    private Topics() {
    }
}
