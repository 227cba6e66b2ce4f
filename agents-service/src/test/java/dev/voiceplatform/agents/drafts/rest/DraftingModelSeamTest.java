package dev.voiceplatform.agents.drafts.rest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.voiceplatform.agents.drafts.service.ScriptedDraftingModel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With a language model configured, the wizards use it, and fall back to extraction and templates when it fails. */
@QuarkusTest
@TestProfile(DraftingModelSeamTest.ModelConfigured.class)
class DraftingModelSeamTest {

    public static class ModelConfigured implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.drafts.model", ScriptedDraftingModel.IDENTIFIER,
                    "platform.drafts.model-timeout", "1s");
        }
    }

    @Test
    void aConfiguredModelWritesThePromptAndItsSourceIsAi() {
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme Plumbing"))
                .statusCode(200)
                .body("prompt", equalTo("Model-written prompt for Acme Plumbing"))
                .body("promptSource", equalTo("ai"))
                .body("$", not(org.hamcrest.Matchers.hasKey("promptFallbackReason")));
    }

    @Test
    void aFailingModelFallsBackToTheTemplateWithTheReason() {
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", ScriptedDraftingModel.FAILING_BUSINESS))
                .statusCode(200)
                .body("promptSource", equalTo("template"))
                .body("promptFallbackReason", equalTo("the language model failed"))
                .body("prompt", containsString("# Role\n"));
    }

    @Test
    void aModelThatDoesNotAnswerInTimeFallsBackToTheTemplate() {
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", ScriptedDraftingModel.SILENT_BUSINESS))
                .statusCode(200)
                .body("promptSource", equalTo("template"))
                .body("promptFallbackReason", equalTo("the language model did not answer in time"));
    }

    @Test
    void theModelRefinesExtractedFactsAndAFailureLeavesTheExtractedOnes() {
        DraftCalls.newKey().post(DraftCalls.DESCRIPTION, Map.of("description",
                        "Acme Plumbing is a plumber in Denver. Call (303) 448-2290."))
                .statusCode(200)
                .body("description", equalTo("Refined by the model"))
                .body("businessName", equalTo("Acme Plumbing"));
        DraftCalls.newKey().post(DraftCalls.DESCRIPTION, Map.of("description",
                        ScriptedDraftingModel.FAILING_BUSINESS + " is a plumber in Denver."))
                .statusCode(200)
                .body("description", equalTo(ScriptedDraftingModel.FAILING_BUSINESS + " is a plumber in Denver."))
                .body("businessName", not(nullValue()));
    }
}
