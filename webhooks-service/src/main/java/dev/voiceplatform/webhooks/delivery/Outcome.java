package dev.voiceplatform.webhooks.delivery;

/**
 * What one attempt came to. {@code errorMessage} is the destination's own reply (capped at 500 characters) for a
 * non-2xx answer, or what went wrong on the way; {@code failureClass} is null on success.
 */
public record Outcome(boolean success, Integer responseStatus, int responseTimeMs, String errorMessage,
        FailureClass failureClass) {

    public static final int MAX_ERROR_CHARACTERS = 500;

    public boolean retryable() {
        return !success && failureClass.retryable();
    }

    public static String cap(String text) {
        if (text == null) {
            return null;
        }
        return text.codePointCount(0, text.length()) <= MAX_ERROR_CHARACTERS ? text
                : text.substring(0, text.offsetByCodePoints(0, MAX_ERROR_CHARACTERS));
    }
}
