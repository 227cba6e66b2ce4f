package dev.voiceplatform.leads.lead.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.api.EmailAddresses;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.leads.lead.LeadStatus;
import java.util.List;
import java.util.UUID;

/** The create and update bodies of part 4.4, validated. */
public final class LeadInput {

    static final int NAME_MAX = 200;
    static final int SOURCE_MAX = 100;
    static final int NOTES_MAX = 10_000;
    static final int METADATA_MAX_CHARACTERS = 16_384;
    static final String API_SOURCE = "api";
    static final String CALL_SOURCE = "call";
    private static final List<String> FIXED_AFTER_CREATE = List.of("phone", "agent_id", "source", "call_id");

    private LeadInput() {
    }

    /** A validated new lead; {@code callId} is set only for a capture reported by the call runtime. */
    public record NewLead(UUID organizationId, UUID agentId, UUID callId, String name, String phone, String email,
            String source, String notes, ObjectNode metadata) {
    }

    /** A validated PATCH body; a null field was not sent. {@code clearEmail}/{@code clearNotes} say "remove it". */
    public record Changes(String name, String email, boolean clearEmail, LeadStatus status, String notes,
            boolean clearNotes, ObjectNode metadata) {
    }

    /** POST /leads: the organization comes from the key, never from the body. */
    public static NewLead readCreate(JsonBody body, UUID organizationId, String phoneRegion) {
        UUID agentId = requiredId(body, "agent_id");
        return readLead(body, organizationId, agentId, null, API_SOURCE, phoneRegion);
    }

    /** The call runtime's capture: it names the organization, agent and call it ran. */
    public static NewLead readCapture(JsonBody body, String phoneRegion) {
        UUID organizationId = requiredId(body, "organization_id");
        UUID agentId = requiredId(body, "agent_id");
        UUID callId = requiredId(body, "call_id");
        return readLead(body, organizationId, agentId, callId, CALL_SOURCE, phoneRegion);
    }

    public static Changes readPatch(JsonBody body) {
        for (String field : FIXED_AFTER_CREATE) {
            if (body.has(field)) {
                body.reject(field, "cannot be changed after the lead is created");
            }
        }
        String name = null;
        if (body.has("name")) {
            name = body.requiredString("name");
            body.maxCharacters("name", name, NAME_MAX);
        }
        String email = body.string("email");
        boolean clearEmail = body.has("email") && (email == null || email.isEmpty());
        if (!clearEmail) {
            checkEmail(body, email);
        }
        LeadStatus status = null;
        if (body.has("status")) {
            String raw = body.string("status");
            status = raw == null ? null : LeadStatus.fromWire(raw).orElse(null);
            if (status == null && !body.hasProblem("status")) {
                body.reject("status", "must be one of " + LeadStatus.wireNames());
            }
        }
        String notes = body.string("notes");
        boolean clearNotes = body.has("notes") && (notes == null || notes.isEmpty());
        body.maxCharacters("notes", notes, NOTES_MAX);
        ObjectNode metadata = body.has("metadata") ? metadata(body) : null;
        body.throwIfInvalid();
        return new Changes(name, clearEmail ? null : email, clearEmail, status, clearNotes ? null : notes, clearNotes,
                metadata);
    }

    private static NewLead readLead(JsonBody body, UUID organizationId, UUID agentId, UUID callId,
            String defaultSource, String phoneRegion) {
        String name = body.requiredString("name");
        body.maxCharacters("name", name, NAME_MAX);
        String rawPhone = body.requiredString("phone");
        String phone = null;
        if (rawPhone != null && !body.hasProblem("phone")) {
            phone = PhoneNumbers.toE164(rawPhone, phoneRegion).orElse(null);
            if (phone == null) {
                body.reject("phone", "is not a valid phone number; send it in E.164 form, such as +14155550123");
            }
        }
        String email = emptyToNull(body.string("email"));
        checkEmail(body, email);
        String source = emptyToNull(body.string("source"));
        body.maxCharacters("source", source, SOURCE_MAX);
        String notes = emptyToNull(body.string("notes"));
        body.maxCharacters("notes", notes, NOTES_MAX);
        ObjectNode metadata = body.has("metadata") ? metadata(body) : JsonNodeFactory.instance.objectNode();
        body.throwIfInvalid();
        return new NewLead(organizationId, agentId, callId, name, phone, email,
                source != null ? source : defaultSource, notes, metadata == null ? JsonNodeFactory.instance.objectNode()
                        : metadata);
    }

    /** A required uuid field; missing, blank or malformed is a validation error naming it. */
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

    private static void checkEmail(JsonBody body, String email) {
        if (email != null && !EmailAddresses.valid(email)) {
            body.reject("email", "is not a valid email address");
        }
    }

    /** Metadata is a JSON object (null means empty), replaced whole, of bounded size. */
    private static ObjectNode metadata(JsonBody body) {
        JsonNode value = body.node("metadata");
        if (value == null || value.isNull()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (!value.isObject()) {
            body.reject("metadata", "must be an object");
            return null;
        }
        if (value.toString().length() > METADATA_MAX_CHARACTERS) {
            body.reject("metadata", "must be at most " + METADATA_MAX_CHARACTERS + " characters of JSON");
            return null;
        }
        return (ObjectNode) value;
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
