package dev.voiceplatform.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {

    /** Part 7 of the specification, code by code. */
    private static final Map<Integer, List<String>> BY_STATUS = Map.of(
            400, List.of("INVALID_API_VERSION", "UNSUPPORTED_API_VERSION", "VALIDATION_ERROR", "INVALID_REQUEST",
                    "INVALID_STATUS", "INVALID_MODEL", "INVALID_WEBHOOK_CONFIG", "INVALID_IF_MATCH", "UNKNOWN_FIELD",
                    "READ_ONLY_FIELD", "INVALID_PHONE", "AGENT_NOT_FOUND", "INVALID_FILE_ENCODING", "FILE_TOO_LARGE",
                    "DOCUMENT_TOO_COMPLEX", "DOCUMENT_UNREADABLE", "DOCUMENT_HAS_NO_TEXT", "COUNTRY_NOT_SUPPORTED",
                    "INVALID_EVENT", "INVALID_WEBHOOK_URL", "INVALID_AGENT"),
            401, List.of("MISSING_API_KEY", "INVALID_API_KEY_FORMAT", "INVALID_API_KEY", "API_KEY_REVOKED",
                    "API_KEY_EXPIRED", "NOT_AUTHENTICATED"),
            402, List.of("AGENT_LIMIT_REACHED", "TRIAL_EXPIRED", "SUBSCRIPTION_REQUIRED",
                    "PLATFORM_NUMBER_CAPACITY_REACHED", "PLAN_LIMIT_REACHED"),
            403, List.of("INSUFFICIENT_SCOPE", "ORGANIZATION_REQUIRED", "FORBIDDEN", "SERVICE_SUSPENDED",
                    "NUMBER_BLOCKED"),
            409, List.of("IDEMPOTENCY_KEY_IN_FLIGHT", "AGENT_DELETED", "AGENT_HAS_PHONE_NUMBER",
                    "NO_CLIENT_FOR_ORGANIZATION", "DEFAULT_CLIENT_UNUSABLE", "CONFLICT", "AGENT_NOT_PUBLISHED",
                    "DUPLICATE_CALL", "KNOWLEDGE_SOURCE_EXISTS", "KNOWLEDGE_DOCUMENT_EXISTS",
                    "ORG_NUMBER_LIMIT_REACHED", "PHONE_NUMBER_ALREADY_BOUND"),
            422, List.of("IDEMPOTENCY_KEY_REUSED", "AGENT_NOT_PUBLISHABLE", "AGENT_NEEDS_PASSING_TEST",
                    "KNOWLEDGE_REJECTED"),
            429, List.of("RATE_LIMIT_EXCEEDED", "DAILY_CALL_LIMIT_EXCEEDED"),
            500, List.of("INTERNAL_ERROR", "DB_ERROR", "CREATE_FAILED", "UPDATE_FAILED", "CALL_FAILED"),
            502, List.of("CALL_DISPATCH_FAILED", "PROVIDER_ERROR", "PROVIDER_PURCHASE_FAILED", "TEARDOWN_FAILED"),
            503, List.of("RATE_LIMIT_UNAVAILABLE", "QUOTA_UNAVAILABLE", "IDEMPOTENCY_UNAVAILABLE",
                    "SECURITY_TESTS_UNAVAILABLE", "DIALER_UNAVAILABLE", "CALL_CHECK_UNAVAILABLE",
                    "KNOWLEDGE_UNAVAILABLE", "ACQUISITION_DISABLED", "NO_NUMBERS_AVAILABLE", "TEARDOWN_UNAVAILABLE",
                    "SERVICE_UNAVAILABLE"));

    @Test
    void everyCodeOfPart7AnswersItsStatus() {
        BY_STATUS.forEach((status, codes) -> codes.forEach(code ->
                assertEquals(status.intValue(), ErrorCode.valueOf(code).status(), code)));
        assertEquals(412, ErrorCode.VERSION_CONFLICT.status());
        assertEquals(413, ErrorCode.BODY_TOO_LARGE.status());
        assertEquals(404, ErrorCode.NOT_FOUND.status());
        assertEquals(501, ErrorCode.NOT_IMPLEMENTED.status());
    }

    @Test
    void everyCodeHasAHint() {
        for (ErrorCode code : ErrorCode.values()) {
            assertFalse(code.defaultHint().isBlank(), code.name());
        }
    }

    @Test
    void theEnvelopeCarriesCodeMessageHintAndOnlyTheExtrasThatApply() {
        ErrorEnvelope.Body plain = ApiException.of(ErrorCode.NOT_FOUND, "Agent not found").toEnvelope().error();
        assertEquals("NOT_FOUND", plain.code());
        assertEquals("Agent not found", plain.message());
        assertEquals(ErrorCode.NOT_FOUND.defaultHint(), plain.hint());
        assertNull(plain.fields());
        assertNull(plain.details());

        ApiException conflict = ApiException.of(ErrorCode.VERSION_CONFLICT, "changed").withStatus(409)
                .withDetail("current_version", 4);
        assertEquals(409, conflict.status());
        assertEquals(Map.of("current_version", 4), conflict.toEnvelope().error().details());
    }

    @Test
    void headersAndDetailsStayInTheOrderAddedThroughEveryChange() {
        ApiException refused = ApiException.of(ErrorCode.RATE_LIMIT_EXCEEDED, "too many")
                .withDetail("reset_at", "2026-11-21T10:01:00Z")
                .withHeader("Retry-After", "7")
                .withDetail("retry_after", 7)
                .withHeader("X-RateLimit-Reset", "1795255260")
                .withHint("Wait.");
        assertEquals(java.util.List.of("reset_at", "retry_after"),
                java.util.List.copyOf(refused.details().keySet()));
        assertEquals(java.util.List.of("Retry-After", "X-RateLimit-Reset"),
                java.util.List.copyOf(refused.headers().keySet()));
        assertEquals(Map.of(), ApiException.of(ErrorCode.NOT_FOUND, "gone").headers());
    }
}
