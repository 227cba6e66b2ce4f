package dev.voiceplatform.agents.agent.rest;

import dev.voiceplatform.common.api.JsonBody;

/** The optional body of POST /agents/:id/tester: {@code {persona, name}}. */
public record TesterInput(String persona, String name) {

    /** As for a simulation's own caller persona (part 8). */
    public static final int PERSONA_MAX = 12_000;

    /** Both fields may be left out or sent as null (defaults apply); sent, they must not be blank. */
    public static TesterInput read(JsonBody body) {
        String persona = body.string("persona");
        if (persona != null && persona.isBlank()) {
            body.reject("persona", "must not be blank");
        }
        body.maxCharacters("persona", persona, PERSONA_MAX);
        String name = body.string("name");
        if (name != null && name.isBlank()) {
            body.reject("name", "must not be blank");
        }
        body.maxCharacters("name", name, AgentInput.NAME_MAX);
        body.throwIfInvalid();
        return new TesterInput(persona, name);
    }
}
