package dev.voiceplatform.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.runtime.conversation.AgentSettings;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The runtime's questions to the other services, each with a service token of the runtime ({@code sub} runtime,
 * group internal) addressed to the service asked and carrying the organization when there is one.
 */
@ApplicationScoped
public class Peers {

    /** The runtime's name in the platform manifest, the subject of its tokens. */
    static final String RUNTIME = "runtime";

    /** An answer that is not a 2xx: its status and its body (an error envelope, or null when unreadable). */
    public static final class Refused extends RuntimeException {
        private final int status;
        private final JsonNode body;

        Refused(int status, JsonNode body) {
            super("answered " + status);
            this.status = status;
            this.body = body;
        }

        public int status() {
            return status;
        }

        public JsonNode body() {
            return body;
        }
    }

    private final AgentsClient agents;
    private final NumbersClient numbers;
    private final LeadsClient leads;
    private final CallsClient calls;
    private final InternalTokenIssuer tokens;
    private final ObjectMapper json;

    public Peers(@RestClient AgentsClient agents, @RestClient NumbersClient numbers, @RestClient LeadsClient leads,
            @RestClient CallsClient calls, InternalTokenIssuer tokens, ObjectMapper json) {
        this.agents = agents;
        this.numbers = numbers;
        this.leads = leads;
        this.calls = calls;
        this.tokens = tokens;
        this.json = json;
    }

    /** The agent and its settings document; fails with {@link Refused} (404 when the organization has no such agent). */
    public Uni<AgentSettings> agentSettings(UUID organizationId, UUID agentId) {
        return refusals(agents.settings(agentId, bearer("agents", organizationId))).map(AgentSettings::of);
    }

    /** Which organization and agent a number routes to: {@code {phone_number, organization_id, agent_id}}. */
    public Uni<JsonNode> route(String e164) {
        return refusals(numbers.route(e164, bearer("numbers", null)));
    }

    /** Records the lead a call captured; the leads service keeps one per call. */
    public Uni<JsonNode> reportLead(UUID organizationId, UUID agentId, UUID callId, String name, String phone) {
        ObjectNode lead = json.createObjectNode();
        lead.put("organization_id", organizationId.toString()).put("agent_id", agentId.toString())
                .put("call_id", callId.toString()).put("name", name).put("phone", phone)
                .put("notes", "Captured by the voice agent during call " + callId + ".");
        return refusals(leads.capture(lead, bearer("leads", organizationId)));
    }

    /** Opens the record of an inbound call: {@code {call_id, metadata}}. */
    public Uni<JsonNode> openInbound(UUID organizationId, UUID agentId, String from, String to) {
        ObjectNode call = json.createObjectNode();
        call.put("organization_id", organizationId.toString()).put("agent_id", agentId.toString())
                .put("from", from).put("to", to);
        return refusals(calls.inbound(call, bearer("calls", organizationId)));
    }

    private String bearer(String audience, UUID organizationId) {
        return "Bearer " + tokens.forService(RUNTIME, audience, organizationId);
    }

    private Uni<JsonNode> refusals(Uni<JsonNode> answer) {
        return answer.onFailure(WebApplicationException.class).transform(failure -> {
            var response = ((WebApplicationException) failure).getResponse();
            JsonNode body = null;
            try {
                body = response.hasEntity() ? json.readTree(response.readEntity(String.class)) : null;
            } catch (Exception unreadable) {
                // The status is what matters; an unreadable body is passed on as none.
            }
            return new Refused(response.getStatus(), body);
        });
    }
}
