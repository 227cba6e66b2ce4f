package dev.voiceplatform.runtime.call.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.runtime.call.CallLine;
import java.util.List;
import java.util.UUID;

/** Reads the bodies the runtime takes: a dial (contract 1) and a call the carrier delivers. */
final class DialIn {

    private static final List<String> DIAL_FIELDS = List.of("call_id", "organization_id", "agent_id", "direction",
            "to", "from", "metadata");

    private DialIn() {
    }

    /** A dial for the organization of the token: the body's organization_id must be that one. */
    static CallLine readDial(JsonNode raw, UUID tokenOrganization) {
        JsonBody body = JsonBody.of(raw).rejectUnknown(DIAL_FIELDS);
        UUID callId = requiredId(body, "call_id");
        UUID organizationId = requiredId(body, "organization_id");
        UUID agentId = requiredId(body, "agent_id");
        String direction = body.string("direction");
        if (direction != null && !direction.equals("outbound")) {
            body.reject("direction", "must be outbound; inbound calls come from the carrier");
        }
        String to = e164(body, "to", true);
        String from = e164(body, "from", false);
        JsonNode metadata = body.node("metadata");
        if (metadata != null && !metadata.isNull() && !metadata.isObject()) {
            body.reject("metadata", "must be an object");
        }
        if (organizationId != null && !organizationId.equals(tokenOrganization)) {
            body.reject("organization_id", "must be the organization of the token");
        }
        body.throwIfInvalid();
        return new CallLine(callId, organizationId, agentId, CallLine.Direction.OUTBOUND, to, from,
                metadata != null && metadata.isObject() ? (ObjectNode) metadata
                        : JsonNodeFactory.instance.objectNode());
    }

    /** The two numbers of a call the carrier delivers. */
    record Delivered(String from, String to) {
    }

    static Delivered readDelivered(JsonNode raw) {
        JsonBody body = JsonBody.of(raw).rejectUnknown(List.of("from", "to"));
        String from = e164(body, "from", true);
        String to = e164(body, "to", true);
        body.throwIfInvalid();
        return new Delivered(from, to);
    }

    private static UUID requiredId(JsonBody body, String field) {
        String raw = body.requiredString(field);
        if (raw == null || body.hasProblem(field)) {
            return null;
        }
        UUID id = Ids.parseOrNull(raw.strip());
        if (id == null) {
            body.reject(field, "must be a uuid");
        }
        return id;
    }

    /** A number in E.164 exactly as sent ({@code +14155550123}). */
    private static String e164(JsonBody body, String field, boolean required) {
        String raw = required ? body.requiredString(field) : body.string(field);
        if (raw == null || body.hasProblem(field)) {
            return null;
        }
        if (!raw.startsWith("+") || !PhoneNumbers.toE164(raw, "US").map(raw::equals).orElse(false)) {
            body.reject(field, "must be a phone number in E.164 form, such as +14155550123");
            return null;
        }
        return raw;
    }
}
