package dev.voiceplatform.gateway.limits;

/** The requests one key of a tier may make per clock hour and per UTC day. */
public record TierLimits(int perHour, int perDay) {
}
