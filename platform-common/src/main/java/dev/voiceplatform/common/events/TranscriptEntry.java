package dev.voiceplatform.common.events;

import java.time.Instant;

/**
 * One turn of a call's transcript, as GET /calls/:id and the call events carry it.
 *
 * @param role assistant (the agent) or user (the caller)
 * @param text what was said
 * @param timestamp when the turn began
 */
public record TranscriptEntry(String role, String text, Instant timestamp) {

    public static final String ASSISTANT = "assistant";
    public static final String USER = "user";
}
