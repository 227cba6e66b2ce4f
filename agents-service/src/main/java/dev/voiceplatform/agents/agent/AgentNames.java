package dev.voiceplatform.agents.agent;

/** Names the platform derives from another agent's name (a copy, a tester), kept within the name limit. */
public final class AgentNames {

    private AgentNames() {
    }

    /**
     * {@code base + suffix}, the base cut short when both would not fit in {@code max} characters. Counts and
     * cuts in code points, so a character outside the Basic Multilingual Plane is never split in half.
     */
    public static String withSuffix(String base, String suffix, int max) {
        int room = max - suffix.codePointCount(0, suffix.length());
        int baseLength = base.codePointCount(0, base.length());
        String kept = baseLength <= room ? base : base.substring(0, base.offsetByCodePoints(0, Math.max(room, 0)));
        return kept + suffix;
    }
}
