package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.voiceplatform.agents.settings.SettingKey;
import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The editor's validation of PATCH /agents/:id/config (rules 8 and 9 of 4.2). */
@QuarkusTest
class AgentConfigValidationTest {

    private final AgentApi api = AgentApi.newOrganization();
    private final ConfigApi config = new ConfigApi(api);

    @Test
    void everyEnumerationRefusesAValueOutsideItsList() {
        String id = api.createAgent("enumerations");
        Map<String, Object> body = new LinkedHashMap<>();
        List<String> enumerations = SettingsCatalog.keys().stream()
                .filter(key -> key.type() == SettingKey.Type.ENUM).map(SettingKey::name).toList();
        enumerations.forEach(name -> body.put(name, "not-a-choice"));
        config.patch(id, body).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder(enumerations.toArray()))
                .body("error.fields.find { it.field == 'transferType' }.reason", containsString("[cold, warm]"));
        Map<String, Object> valid = new LinkedHashMap<>();
        SettingsCatalog.keys().stream().filter(key -> key.type() == SettingKey.Type.ENUM && !key.turnDetection())
                .forEach(key -> valid.put(key.name(), key.allowed().get(key.allowed().size() - 1)));
        config.patch(id, valid).statusCode(200).body("version", equalTo(2))
                .body("config.voicemailAction", equalTo("SCHEDULE_CALLBACK"))
                .body("config.notificationChannel", equalTo("chat-app"));
    }

    @Test
    void everyTypedKeyRefusesAValueOfAnotherType() {
        String id = api.createAgent("types");
        Map<String, Object> body = new LinkedHashMap<>();
        SettingsCatalog.keys().stream().filter(key -> key.type() == SettingKey.Type.BOOLEAN
                        && key.storage() == SettingKey.Storage.SETTINGS)
                .forEach(key -> body.put(key.name(), "yes"));
        SettingsCatalog.keys().stream().filter(key -> key.type() == SettingKey.Type.INTEGER)
                .forEach(key -> body.put(key.name(), key.max().intValue() + 1));
        SettingsCatalog.keys().stream().filter(key -> key.type() == SettingKey.Type.NUMBER)
                .forEach(key -> body.put(key.name(), key.min().doubleValue() - 0.5));
        SettingsCatalog.keys().stream().filter(key -> key.type() == SettingKey.Type.TEXT)
                .forEach(key -> body.put(key.name(), 42));
        config.patch(id, body).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder(body.keySet().toArray()));
        config.get(id).statusCode(200).body("version", equalTo(1));
    }

    @Test
    void voicemailRangesAreInclusive() {
        String id = api.createAgent("voicemail");
        config.patch(id, Map.of("voicemailGreetingTimeout", 3, "voicemailMaxSilence", 5, "voicemailMinDuration", 1))
                .statusCode(200);
        config.patch(id, Map.of("voicemailGreetingTimeout", 10)).statusCode(200);
        config.patch(id, Map.of("voicemailGreetingTimeout", 11, "voicemailMaxSilence", 0,
                        "voicemailMinDuration", 6)).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("voicemailGreetingTimeout", "voicemailMaxSilence",
                        "voicemailMinDuration"))
                .body("error.fields.find { it.field == 'voicemailGreetingTimeout' }.reason",
                        equalTo("must be an integer from 3 to 10"));
        config.patch(id, Map.of("voicemailGreetingTimeout", 2)).statusCode(400);
        config.patch(id, Map.of("voicemailMaxSilence", 2.5)).statusCode(400);
    }

    @Test
    void timezonesAreIanaNames() {
        String id = api.createAgent("zones");
        config.patch(id, Map.of("agentTimezone", "America/New_York")).statusCode(200)
                .body("config.agentTimezone", equalTo("America/New_York"));
        for (String bad : List.of("Mars/Olympus", "EST5EDT-ish", "asia/jerusalem", "+02:00x")) {
            config.patch(id, Map.of("agentTimezone", bad)).statusCode(400)
                    .body("error.fields.field", contains("agentTimezone"));
        }
    }

    @Test
    void languageTakesAnySupportedTagThroughTheSettings() {
        String id = api.createAgent("languages");
        for (String tag : List.of("fr", "ar", "pt-BR", "zh-Hant", "he")) {
            config.patch(id, Map.of("language", tag, "targetLanguage", tag)).statusCode(200)
                    .body("config.language", equalTo(tag)).body("config.targetLanguage", equalTo(tag));
        }
        for (String bad : List.of("xx", "english", "e", "en_US", "fr-")) {
            config.patch(id, Map.of("language", bad)).statusCode(400)
                    .body("error.fields.field", contains("language"));
        }
    }

    @Test
    void lengthsAreCountedInCharacters() {
        String id = api.createAgent("lengths");
        String hundredEmoji = "\uD83D\uDE00".repeat(100);
        config.patch(id, Map.of("name", hundredEmoji)).statusCode(200).body("config.name", equalTo(hundredEmoji));
        config.patch(id, Map.of("name", hundredEmoji + "a")).statusCode(400)
                .body("error.fields.field", contains("name"))
                .body("error.fields[0].reason", equalTo("must be at most 100 characters"));
        config.patch(id, Map.of("silencePromptMessage", "\u05D0".repeat(500))).statusCode(200);
        config.patch(id, Map.of("silencePromptMessage", "\u05D0".repeat(501))).statusCode(400)
                .body("error.fields.field", contains("silencePromptMessage"));
        config.patch(id, Map.of("prompt", "   ")).statusCode(400).body("error.fields.field", contains("prompt"));
    }

    @Test
    void modelAndDeploymentAllowlistsAndVoiceForEngine() {
        String id = api.createAgent("engine");
        config.patch(id, Map.of("model", "engineZ")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR")).body("error.fields.field", contains("model"));
        config.patch(id, Map.of("engineADeployment", "gpt-9", "engineBDeployment", "x", "engineCDeployment", "y"))
                .statusCode(400)
                .body("error.fields.field", containsInAnyOrder("engineADeployment", "engineBDeployment",
                        "engineCDeployment"));
        config.patch(id, Map.of("engineADeployment", "realtime-mini")).statusCode(200);
        // The stored voice alloy is not a voice of the engine the agent would have.
        config.patch(id, Map.of("model", "engineB-realtime")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("voice"))
                .body("error.message", containsString("does not belong to model engineB-realtime"));
        config.patch(id, Map.of("voice", "Kore")).statusCode(400).body("error.fields.field", contains("voice"));
        config.patch(id, Map.of("model", "engineB-realtime", "voice", "Kore")).statusCode(200)
                .body("config.model", equalTo("engineB-realtime")).body("config.voice", equalTo("Kore"));
        config.patch(id, Map.of("model", "engineB-aistudio")).statusCode(403).body("error.code", equalTo("FORBIDDEN"));
        config.patch(id, Map.of("fallbackModel", "engineB-aistudio")).statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        config.patch(id, Map.of("fallbackModel", "engineA-realtime")).statusCode(200);
        ConfigApi entitled = new ConfigApi(AgentApi.as(TestTokens.forOrganization(api.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).entitlements("premium-models")));
        entitled.patch(id, Map.of("model", "engineB-aistudio")).statusCode(200)
                .body("config.model", equalTo("engineB-aistudio")).body("config.voice", equalTo("Kore"));
        // Reading the reserved model back is no new choice of it, even without the entitlement now.
        config.patch(id, config.config(id)).statusCode(200);
    }

    @Test
    void theTransferNumberIsE164AndBlockedDestinationsAreForbidden() {
        String id = api.createAgent("transfer");
        for (String bad : List.of("0501234567", "+1 415 555 0123", "14155550123", "+1415555012345678")) {
            config.patch(id, Map.of("transferPhoneNumber", bad)).statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", contains("transferPhoneNumber"));
        }
        config.patch(id, Map.of("transferPhoneNumber", "+989121234567")).statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("error.message", containsString("IR"));
        config.patch(id, Map.of("transferPhoneNumber", "+5352345678")).statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        config.patch(id, Map.of("transferPhoneNumber", "+19002345678")).statusCode(403)
                .body("error.message", containsString("premium"));
        config.patch(id, Map.of("transferPhoneNumber", "+449091234567")).statusCode(403);
        config.get(id).statusCode(200).body("version", equalTo(1));
        config.patch(id, Map.of("enableHumanTransfer", true, "transferPhoneNumber", "+442079460000",
                        "transferType", "warm")).statusCode(200)
                .body("config.transferPhoneNumber", equalTo("+442079460000"))
                .body("$", not(hasKey("warnings")));
    }

    @Test
    void theStageGraphNeedsUniqueIdsEdgesToStagesAndAStartStage() {
        String id = api.createAgent("stages");
        Map<String, Object> graph = Map.of("startStageId", "greet", "stages", List.of(
                Map.of("id", "greet", "name", "Greeting", "instructions", "Say hello",
                        "transitions", List.of(Map.of("to", "book", "condition", "wants a table"))),
                Map.of("id", "book", "name", "Booking", "transitions", List.of())));
        config.patch(id, Map.of("stageGraph", graph)).statusCode(200)
                .body("config.stageGraph.startStageId", equalTo("greet"))
                .body("config.stageGraph.stages.id", contains("greet", "book"));
        config.patch(id, Map.of("stageGraph", Map.of("startStageId", "a", "stages", List.of(
                        Map.of("id", "a", "transitions", List.of(Map.of("to", "nowhere"))), Map.of("id", "a")))))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("stageGraph.stages[1].id",
                        "stageGraph.stages[0].transitions[0].to"));
        config.patch(id, Map.of("stageGraph", Map.of("stages", List.of(Map.of("id", "a"))))).statusCode(400)
                .body("error.fields.field", contains("stageGraph.startStageId"));
        config.patch(id, Map.of("stageGraph", Map.of("startStageId", "z", "stages", List.of(Map.of("id", "a")))))
                .statusCode(400).body("error.fields.field", contains("stageGraph.startStageId"));
        config.patch(id, Map.of("stageGraph", Map.of("startStageId", "a", "stages", List.of()))).statusCode(400)
                .body("error.fields.field", contains("stageGraph.stages"));
        config.patch(id, Map.of("stageGraph", "a string")).statusCode(400)
                .body("error.fields.field", contains("stageGraph"));
        config.get(id).statusCode(200).body("config.stageGraph.stages.id", contains("greet", "book"));
    }

    @Test
    void otherBlocksAreCheckedForTheirShape() {
        String id = api.createAgent("shapes");
        config.patch(id, Map.of("dynamicVariables", Map.of("1bad", Map.of("default", "x")))).statusCode(400)
                .body("error.fields.field", contains("dynamicVariables.1bad"));
        config.patch(id, Map.of("dynamicVariables", Map.of("name", "plain"))).statusCode(400)
                .body("error.fields.field", contains("dynamicVariables.name"));
        config.patch(id, Map.of("customCaptureFields", List.of(Map.of("name", "a"), Map.of("name", "a",
                "type", "colour")))).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("customCaptureFields[1].name",
                        "customCaptureFields[1].type"));
        config.patch(id, Map.of("instructionsJson", "text")).statusCode(400)
                .body("error.fields.field", contains("instructionsJson"));
        config.patch(id, Map.of("instructionsJson", Map.of("steps", List.of("greet", "qualify")))).statusCode(200)
                .body("config.instructionsJson.steps", contains("greet", "qualify"));
    }

    @Test
    void otherFormatsAreChecked() {
        String id = api.createAgent("formats");
        config.patch(id, Map.of("notifyEmail", "not-an-email", "callbackAgentId", "nope")).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("notifyEmail", "callbackAgentId"));
        String strangers = AgentApi.newOrganization().createAgent("not yours");
        config.patch(id, Map.of("callbackAgentId", strangers)).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("callbackAgentId"));
        config.patch(id, Map.of("callbackAgentId", UUID.randomUUID().toString())).statusCode(400)
                .body("error.fields.field", contains("callbackAgentId"));
        String other = api.createAgent("callbacks");
        config.patch(id, Map.of("notifyEmail", "owner@bakery.example", "callbackAgentId", other)).statusCode(200)
                .body("config.callbackAgentId", equalTo(other));
    }

    @Test
    void notifyEmailIsCheckedAsEveryOtherAddressOfThePlatform() {
        String id = api.createAgent("addresses");
        for (String malformed : List.of("owner@bakery..example", "owner@.bakery.example", "owner@bakery.example.",
                "owner@bakery")) {
            config.patch(id, Map.of("notifyEmail", malformed)).statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", contains("notifyEmail"))
                    .body("error.fields[0].reason", equalTo("must be an email address"));
        }
        config.get(id).statusCode(200).body("version", equalTo(1)).body("config.notifyEmail", nullValue());
        String longest = "o".repeat(64) + "@" + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61);
        config.patch(id, Map.of("notifyEmail", longest + "d")).statusCode(400)
                .body("error.fields.field", contains("notifyEmail"));
        config.patch(id, Map.of("notifyEmail", longest)).statusCode(200)
                .body("config.notifyEmail", equalTo(longest));
    }

    @Test
    void testerFactsAreSetByTheTesterEndpointOnly() {
        String id = api.createAgent("tester facts");
        config.patch(id, Map.of("isTester", true)).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("isTester"));
        config.patch(id, Map.of("testTargetAgentId", UUID.randomUUID().toString())).statusCode(400)
                .body("error.fields.field", contains("testTargetAgentId"));
        Map<String, Object> asRead = new HashMap<>();
        asRead.put("isTester", false);
        asRead.put("testTargetAgentId", null);
        config.patch(id, asRead).statusCode(200).body("version", equalTo(1));
    }

    @Test
    void settingsThatDoNothingTogetherAreSavedWithWarnings() {
        String id = api.createAgent("warnings");
        config.patch(id, Map.of("calendarEnabled", true, "enableHumanTransfer", true)).statusCode(200)
                .body("version", equalTo(2))
                .body("warnings.field", containsInAnyOrder("calendarProvider", "transferPhoneNumber"))
                .body("warnings.message", hasItem(containsString("calendarProvider is none")));
        config.patch(id, Map.of("calendarProvider", "vendor1")).statusCode(200)
                .body("warnings.field", containsInAnyOrder("vendor1ApiKey", "transferPhoneNumber"));
        config.patch(id, Map.of("vendor1ApiKey", "cal-key", "transferPhoneNumber", "+14155550123")).statusCode(200)
                .body("$", not(hasKey("warnings")));
        config.get(id).statusCode(200).body("$", not(hasKey("warnings")));
    }
}
