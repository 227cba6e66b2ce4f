package dev.voiceplatform.common.error;

/**
 * Every error code of part 7 of the specification, with the status it answers by default.
 * Two codes answer more than one status (INVALID_REQUEST 400/422, VERSION_CONFLICT 412/409); the
 * exception carries the status actually used.
 */
public enum ErrorCode {
    MISSING_API_KEY(401, "Send your key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'."),
    INVALID_API_KEY_FORMAT(401, "Keys look like svc_live_ followed by 32 characters; check for truncation or extra spaces."),
    INVALID_API_KEY(401, "Check the key, or create a new one in the dashboard."),
    API_KEY_REVOKED(401, "This key was revoked; create a new one in the dashboard."),
    API_KEY_EXPIRED(401, "This key has expired; create a new one in the dashboard."),
    NOT_AUTHENTICATED(401, "Authenticate with an API key."),
    INSUFFICIENT_SCOPE(403, "Create a key that holds the required scope."),
    INVALID_API_VERSION(400, "Send Service-Version as a date, for example 2026-08-06."),
    UNSUPPORTED_API_VERSION(400, "Pin one of the supported versions listed in details.supported_versions."),
    RATE_LIMIT_EXCEEDED(429, "Wait until the time in details.reset_at, then retry."),
    RATE_LIMIT_UNAVAILABLE(503, "Retry shortly."),
    DAILY_CALL_LIMIT_EXCEEDED(429, "The key's daily call limit resets at midnight UTC."),
    QUOTA_UNAVAILABLE(503, "Retry shortly."),
    BODY_TOO_LARGE(413, "Send a smaller body."),
    IDEMPOTENCY_KEY_IN_FLIGHT(409, "The first request with this Idempotency-Key is still running; retry after it finishes."),
    IDEMPOTENCY_KEY_REUSED(422, "Use a new Idempotency-Key for a different request."),
    IDEMPOTENCY_UNAVAILABLE(503, "Retry shortly with the same Idempotency-Key."),
    VALIDATION_ERROR(400, "Correct the fields listed in fields[] and retry."),
    INVALID_REQUEST(400, "Send a valid JSON body."),
    NOT_FOUND(404, "Check the id and that it belongs to your organization."),
    ORGANIZATION_REQUIRED(403, "Use a key scoped to a single organization."),
    INTERNAL_ERROR(500, "Retry with the same Idempotency-Key; contact support with the correlation id if it persists."),
    DB_ERROR(500, "Retry with the same Idempotency-Key."),
    CREATE_FAILED(500, "Retry with the same Idempotency-Key."),
    UPDATE_FAILED(500, "Retry with the same Idempotency-Key."),
    INVALID_STATUS(400, "Use one of active, inactive, draft, testing."),
    INVALID_MODEL(400, "Choose a model and a voice of that model's engine."),
    INVALID_WEBHOOK_CONFIG(400, "An enabled webhook needs a public url, a secret and at least one event."),
    INVALID_IF_MATCH(400, "Send If-Match as the integer version you read."),
    UNKNOWN_FIELD(400, "Remove the keys listed in details.unknown."),
    READ_ONLY_FIELD(400, "status and phoneNumber cannot be set through /config."),
    VERSION_CONFLICT(412, "Read the agent again and reapply your change on details.current_version."),
    AGENT_DELETED(409, "The agent was deleted."),
    AGENT_HAS_PHONE_NUMBER(409, "Unbind the phone number first."),
    AGENT_LIMIT_REACHED(402, "Delete an agent or upgrade the plan."),
    TRIAL_EXPIRED(402, "Upgrade the plan at details.upgrade_url."),
    NO_CLIENT_FOR_ORGANIZATION(409, "Contact support."),
    DEFAULT_CLIENT_UNUSABLE(409, "Contact support."),
    AGENT_NOT_PUBLISHABLE(422, "Give the agent a prompt before publishing."),
    AGENT_NEEDS_PASSING_TEST(422, "Run a simulation that scores 70 or more on the current prompt."),
    FORBIDDEN(403, "This action is not permitted to your organization."),
    SERVICE_SUSPENDED(403, "The account may not place calls; contact support."),
    CONFLICT(409, "Wait for the run in progress to finish."),
    SECURITY_TESTS_UNAVAILABLE(503, "Retry when the test runner is available."),
    NOT_IMPLEMENTED(501, "This deployment does not run this integration."),
    INVALID_PHONE(400, "Send the number in E.164 form, for example +14155550123."),
    AGENT_NOT_FOUND(400, "Use the id of a published agent of your organization."),
    CALL_FAILED(500, "Nothing was dialled; retry."),
    AGENT_NOT_PUBLISHED(409, "Publish the agent first."),
    DUPLICATE_CALL(409, "A call to this number with this agent started within the last 30 seconds."),
    NUMBER_BLOCKED(403, "The number is on your do-not-call list."),
    CALL_DISPATCH_FAILED(502, "Safe to retry."),
    DIALER_UNAVAILABLE(503, "Outbound calling is not configured."),
    CALL_CHECK_UNAVAILABLE(503, "Nothing was dialled; retry shortly."),
    KNOWLEDGE_UNAVAILABLE(503, "Knowledge embedding is not configured."),
    KNOWLEDGE_SOURCE_EXISTS(409, "Choose another title or delete the existing source."),
    KNOWLEDGE_DOCUMENT_EXISTS(409, "Delete the existing document, then upload again."),
    INVALID_FILE_ENCODING(400, "Save the file as UTF-8."),
    FILE_TOO_LARGE(400, "Split the document."),
    DOCUMENT_TOO_COMPLEX(400, "Simplify or split the document."),
    DOCUMENT_UNREADABLE(400, "Check that the file is not damaged."),
    DOCUMENT_HAS_NO_TEXT(400, "Upload a document that contains text."),
    KNOWLEDGE_REJECTED(422, "Remove the flagged content."),
    ACQUISITION_DISABLED(503, "Number acquisition is switched off."),
    SUBSCRIPTION_REQUIRED(402, "Upgrade to a paid plan."),
    COUNTRY_NOT_SUPPORTED(400, "Use IL or US."),
    ORG_NUMBER_LIMIT_REACHED(409, "Your organization already holds its number."),
    PLATFORM_NUMBER_CAPACITY_REACHED(402, "Contact support."),
    NO_NUMBERS_AVAILABLE(503, "Retry later."),
    PROVIDER_ERROR(502, "Retry later."),
    PROVIDER_PURCHASE_FAILED(502, "Retry later."),
    PHONE_NUMBER_ALREADY_BOUND(409, "Unbind the number from its agent first."),
    INVALID_EVENT(400, "Use names from GET /webhooks/events."),
    INVALID_WEBHOOK_URL(400, "Use a public http or https address."),
    INVALID_AGENT(400, "Use an agent of your organization."),
    TEARDOWN_UNAVAILABLE(503, "The media layer is not configured."),
    TEARDOWN_FAILED(502, "The call may still be connected; retry."),
    // Codes that follow the status when the editor refuses with a plain message (part 7).
    PLAN_LIMIT_REACHED(402, "Upgrade the plan."),
    SERVICE_UNAVAILABLE(503, "Retry shortly."),
    REQUEST_FAILED(400, "Check the request.");

    private final int status;
    private final String defaultHint;

    ErrorCode(int status, String defaultHint) {
        this.status = status;
        this.defaultHint = defaultHint;
    }

    public int status() {
        return status;
    }

    public String defaultHint() {
        return defaultHint;
    }
}
