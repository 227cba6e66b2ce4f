package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.numbers.number.service.BindingService;
import java.util.UUID;

/** The binding result of part 2.8, with a warning when calls do not reach the agent yet. */
public record BindingOut(
        @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("phone_number") String phoneNumber,
        @JsonProperty("routing_live") boolean routingLive,
        @JsonInclude(JsonInclude.Include.NON_NULL) String warning) {

    static final String NOT_LIVE = "The number is bound, but routing is not live: calls to it do not reach the agent "
            + "until the media layer takes the route";

    static BindingOut of(BindingService.Binding binding) {
        return new BindingOut(binding.agentId(), binding.phoneNumber(), binding.routingLive(),
                binding.routingLive() ? null : NOT_LIVE);
    }
}
