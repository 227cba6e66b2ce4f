package dev.voiceplatform.runtime.call;

/** Why a call ended: the end_reason values of runtime.call.ended. */
public final class EndReasons {

    public static final String CALLER_HUNG_UP = "caller_hung_up";
    public static final String AGENT_ENDED = "agent_ended";
    public static final String HANGUP_REQUESTED = "hangup_requested";
    public static final String MAX_DURATION = "max_duration";
    public static final String SILENCE_TIMEOUT = "silence_timeout";
    public static final String NO_ANSWER = "no_answer";
    public static final String BUSY = "busy";
    public static final String VOICEMAIL = "voicemail";
    public static final String RUNTIME_RESTARTED = "runtime_restarted";
    public static final String AGENT_UNAVAILABLE = "agent_unavailable";
    public static final String ERROR = "error";

    private EndReasons() {
    }
}
