package dev.voiceplatform.calls.call.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.UUID;

/**
 * The body of POST /calls, validated: the number to call in E.164, the agent to call with, and the metadata handed to
 * the agent as the call's dynamic variables.
 */
public record NewCall(String to, UUID agentId, ObjectNode metadata) {

    static final int METADATA_MAX_CHARACTERS = 16_384;

    /**
     * Reads the body; the first problem decides the answer, in the order the specification gives them: the number
     * (400 INVALID_PHONE), the agent (400 AGENT_NOT_FOUND), then the metadata (400 VALIDATION_ERROR).
     */
    public static NewCall read(JsonBody body, String phoneRegion) {
        JsonNode rawTo = body.node("to");
        String to = rawTo != null && rawTo.isTextual() ? PhoneNumbers.toE164(rawTo.textValue(), phoneRegion).orElse(null)
                : null;
        if (to == null) {
            throw ApiException.of(ErrorCode.INVALID_PHONE, rawTo == null || rawTo.isNull()
                    ? "to is required: the number to call"
                    : "to is not a valid phone number");
        }
        JsonNode rawAgent = body.node("agent_id");
        UUID agentId = rawAgent != null && rawAgent.isTextual() ? Ids.parseOrNull(rawAgent.textValue().strip()) : null;
        if (agentId == null) {
            throw agentNotFound();
        }
        JsonNode rawMetadata = body.node("metadata");
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        if (rawMetadata != null && !rawMetadata.isNull()) {
            if (!rawMetadata.isObject()) {
                body.reject("metadata", "must be an object");
            } else if (rawMetadata.toString().length() > METADATA_MAX_CHARACTERS) {
                body.reject("metadata", "must be at most " + METADATA_MAX_CHARACTERS + " characters of JSON");
            } else {
                metadata = (ObjectNode) rawMetadata;
            }
        }
        body.throwIfInvalid();
        return new NewCall(to, agentId, metadata);
    }

    static ApiException agentNotFound() {
        return ApiException.of(ErrorCode.AGENT_NOT_FOUND, "agent_id is not an agent of your organization");
    }
}
