package dev.voiceplatform.agents.agent.rest;

import dev.voiceplatform.agents.agent.VoiceCatalog;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import java.util.Set;

/** The create and update bodies of part 4.2, validated by the rules of 2.3. */
public final class AgentInput {

    public static final int NAME_MAX = 100;
    public static final int DESCRIPTION_MAX = 500;
    public static final int GREETING_MAX = 2_000;
    public static final int PROMPT_MAX = 100_000;
    static final Set<String> CREATE_LANGUAGES = Set.of("he", "en");
    static final String DEFAULT_LANGUAGE = "en";

    private AgentInput() {
    }

    /** A validated POST /agents body. */
    public record Draft(String name, String description, String prompt, String greeting, String language,
            String voice, String model) {
    }

    /**
     * A validated PATCH /agents/:id body. A null field was not sent; an empty description or greeting clears it.
     */
    public record Changes(String name, String description, String prompt, String greeting, String language,
            String voice, String model) {

        public boolean modelSent() {
            return model != null;
        }
    }

    public static Draft readCreate(JsonBody body, Tenant tenant) {
        String name = body.requiredString("name");
        body.maxCharacters("name", name, NAME_MAX);
        boolean promptSent = body.has("prompt");
        String prompt = body.string("prompt");
        if (!promptSent) {
            body.reject("prompt", "is required");
        }
        body.maxCharacters("prompt", prompt, PROMPT_MAX);
        String description = body.string("description");
        body.maxCharacters("description", description, DESCRIPTION_MAX);
        String greeting = body.string("greeting");
        body.maxCharacters("greeting", greeting, GREETING_MAX);
        String language = body.string("language");
        checkLanguage(body, language);
        String model = body.string("model");
        String voice = body.string("voice");
        body.throwIfInvalid();
        if (prompt == null || prompt.isBlank()) {
            throw blankPrompt();
        }
        String chosenModel = model != null ? model : VoiceCatalog.DEFAULT_MODEL;
        checkEngine(chosenModel, voice, tenant, true);
        return new Draft(name, emptyToNull(description), prompt, emptyToNull(greeting),
                language != null ? language : DEFAULT_LANGUAGE,
                voice != null ? voice : VoiceCatalog.defaultVoice(chosenModel), chosenModel);
    }

    public static Changes readPatch(JsonBody body) {
        String name = notNullIfSent(body, "name");
        if (name != null && name.isBlank()) {
            body.reject("name", "must not be blank");
        }
        body.maxCharacters("name", name, NAME_MAX);
        String description = clearableText(body, "description");
        body.maxCharacters("description", description, DESCRIPTION_MAX);
        String greeting = clearableText(body, "greeting");
        body.maxCharacters("greeting", greeting, GREETING_MAX);
        String prompt = body.string("prompt");
        body.maxCharacters("prompt", prompt, PROMPT_MAX);
        String language = notNullIfSent(body, "language");
        checkLanguage(body, language);
        String model = notNullIfSent(body, "model");
        String voice = notNullIfSent(body, "voice");
        body.throwIfInvalid();
        if (body.has("prompt") && (prompt == null || prompt.isBlank())) {
            throw blankPrompt();
        }
        return new Changes(name, description, prompt, greeting, language, voice, model);
    }

    /**
     * The engine rules of 2.3: a known model, a voice of that model's engine, and the reserved model only with
     * its entitlement. {@code modelChosenNow} is false when the model is the one the agent already has.
     */
    public static void checkEngine(String model, String voice, Tenant tenant, boolean modelChosenNow) {
        if (!VoiceCatalog.isModel(model)) {
            throw ApiException.of(ErrorCode.INVALID_MODEL, "Unknown model '" + model + "'")
                    .withDetail("models", VoiceCatalog.models().stream().sorted().toList());
        }
        if (voice != null && !VoiceCatalog.speaks(model, voice)) {
            throw ApiException.of(ErrorCode.INVALID_MODEL,
                    "Voice '" + voice + "' does not belong to model " + model)
                    .withDetail("voices", VoiceCatalog.voices(model));
        }
        if (modelChosenNow && VoiceCatalog.RESERVED_MODEL.equals(model)
                && !tenant.plan().entitled(VoiceCatalog.PREMIUM_MODELS_ENTITLEMENT)) {
            throw ApiException.of(ErrorCode.FORBIDDEN,
                    "Model " + model + " needs the " + VoiceCatalog.PREMIUM_MODELS_ENTITLEMENT + " entitlement");
        }
    }

    private static void checkLanguage(JsonBody body, String language) {
        if (language != null && !body.hasProblem("language") && !CREATE_LANGUAGES.contains(language)) {
            body.reject("language", "must be he or en");
        }
    }

    /** A field that may be left out but not sent as null. */
    private static String notNullIfSent(JsonBody body, String field) {
        if (body.has(field) && body.string(field) == null && !body.hasProblem(field)) {
            body.reject(field, "must not be null");
        }
        return body.string(field);
    }

    /** Description and greeting: an empty string or null clears them, so both read back as "". */
    private static String clearableText(JsonBody body, String field) {
        if (!body.has(field)) {
            return null;
        }
        String value = body.string(field);
        return value == null ? "" : value;
    }

    public static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static ApiException blankPrompt() {
        return ApiException.of(ErrorCode.INVALID_REQUEST, "prompt must not be empty")
                .withStatus(422)
                .withHint("Send a non-empty prompt; an agent cannot run without one.");
    }
}
