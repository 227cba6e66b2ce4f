package dev.voiceplatform.common.error;

/** One invalid field, named as the client sent it. */
public record FieldError(String field, String reason) {
}
