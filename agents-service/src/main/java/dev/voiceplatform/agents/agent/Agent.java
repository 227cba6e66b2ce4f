package dev.voiceplatform.agents.agent;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.events.AgentSnapshot;
import java.time.Instant;
import java.util.UUID;

/** An agent as stored. */
public record Agent(
        UUID id,
        UUID organizationId,
        String name,
        String description,
        String prompt,
        String greeting,
        String language,
        String voice,
        String model,
        AgentStatus status,
        int version,
        boolean tester,
        UUID testTargetAgentId,
        Instant createdAt,
        Instant updatedAt,
        Instant deletedAt,
        ObjectNode settings,
        ObjectNode secrets) {

    /**
     * Settings and secrets are never null (an agent without any reads as empty objects); they are shared, never
     * changed in place: a change makes new nodes.
     */
    public Agent {
        settings = settings == null ? JsonNodeFactory.instance.objectNode() : settings;
        secrets = secrets == null ? JsonNodeFactory.instance.objectNode() : secrets;
    }

    public boolean published() {
        return status == AgentStatus.ACTIVE;
    }

    public boolean deleted() {
        return deletedAt != null;
    }

    /** A prompt the agent can run on: present and not blank. */
    public boolean hasUsablePrompt() {
        return prompt != null && !prompt.isBlank();
    }

    public Agent withContent(String newName, String newDescription, String newPrompt, String newGreeting,
            String newLanguage, String newVoice, String newModel) {
        return new Agent(id, organizationId, newName, newDescription, newPrompt, newGreeting, newLanguage, newVoice,
                newModel, status, version, tester, testTargetAgentId, createdAt, updatedAt, deletedAt, settings,
                secrets);
    }

    public Agent withStatus(AgentStatus newStatus) {
        return new Agent(id, organizationId, name, description, prompt, greeting, language, voice, model, newStatus,
                version, tester, testTargetAgentId, createdAt, updatedAt, deletedAt, settings, secrets);
    }

    /** The next version of this agent, changed at {@code when}. */
    public Agent nextVersion(Instant when) {
        return new Agent(id, organizationId, name, description, prompt, greeting, language, voice, model, status,
                version + 1, tester, testTargetAgentId, createdAt, when, deletedAt, settings, secrets);
    }

    /** The agent with other settings-document settings and credentials. */
    public Agent withSettings(ObjectNode newSettings, ObjectNode newSecrets) {
        return new Agent(id, organizationId, name, description, prompt, greeting, language, voice, model, status,
                version, tester, testTargetAgentId, createdAt, updatedAt, deletedAt, newSettings, newSecrets);
    }

    public AgentSnapshot snapshot() {
        return new AgentSnapshot(id, name, description, greeting, language, voice, model, status.wireName(),
                published(), version, tester, createdAt, updatedAt);
    }
}
