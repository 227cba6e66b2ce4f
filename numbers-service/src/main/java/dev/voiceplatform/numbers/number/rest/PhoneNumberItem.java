package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.numbers.number.PhoneNumber;
import java.util.UUID;

/** A number as GET /phone-numbers lists it and POST /phone-numbers answers it (part 2.8). */
public record PhoneNumberItem(
        UUID id,
        @JsonProperty("phone_number") String phoneNumber,
        @JsonProperty("inbound_agent_id") @JsonInclude(JsonInclude.Include.ALWAYS) UUID inboundAgentId,
        boolean bound) {

    public static PhoneNumberItem of(PhoneNumber number) {
        return new PhoneNumberItem(number.id(), number.phoneNumber(), number.inboundAgentId(), number.bound());
    }
}
