package dev.voiceplatform.agents.drafts.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.api.JsonBody;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The prompt and greeting the questionnaire writes without a language model. */
class PromptTemplatesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static AgentDraft write(Map<String, Object> body) {
        return PromptTemplates.write(Questionnaire.read(JsonBody.of(JSON.valueToTree(body))), "no model");
    }

    private static Map<String, Object> body(Object... pairs) {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            body.put((String) pairs[i], pairs[i + 1]);
        }
        return body;
    }

    @Test
    void anEnglishInboundPromptCoversRoleBusinessGoalsManner() {
        AgentDraft draft = write(body("businessName", "Bright Smile Dental", "primaryLanguage", "en",
                "industry", "dental clinic", "businessDescription", "A family dental practice in Austin.",
                "goals", java.util.List.of("Book check-ups", "Answer insurance questions"),
                "tone", "friendly", "responseLength", "short", "agentName", "Maya",
                "qAndA", java.util.List.of(Map.of("question", "Do you see children?", "answer", "Yes, from age one.")),
                "escalationRules", "Transfer billing disputes to the office manager.",
                "services", java.util.List.of("Cleanings", "Whitening")));

        assertEquals("Maya", draft.name());
        assertEquals("en", draft.language());
        assertEquals("template", draft.promptSource());
        assertEquals("no model", draft.promptFallbackReason());
        assertEquals("Hello, thank you for calling Bright Smile Dental! This is Maya. How can I help you today?",
                draft.greeting());
        String prompt = draft.prompt();
        for (String expected : new String[] {
                "# Role\nYou are Maya, the virtual assistant of Bright Smile Dental. You answer the business's phone calls.",
                "# About Bright Smile Dental\nA family dental practice in Austin.\nIndustry: dental clinic\n"
                        + "Services: Cleanings, Whitening\n",
                "# Your goals\n1. Book check-ups\n2. Answer insurance questions\n",
                "- Tone: warm and friendly",
                "- Length: keep every answer to one or two short sentences.",
                "Q: Do you see children?\nA: Yes, from age one.\n",
                "# When to hand over to a person\n- Transfer billing disputes to the office manager.\n",
                "Never make anything up.",
                "# Ending the call\n"}) {
            assertTrue(prompt.contains(expected), () -> "missing: " + expected + "\nin:\n" + prompt);
        }
        assertFalse(prompt.contains("# Outbound calls"));
        assertEquals(new SuggestedSettingsOut("en", "fixed", "friendly", "short", true, true, "postcall", true, true,
                "Are you still there?",
                "It seems we got disconnected. Thank you for calling Bright Smile Dental, goodbye!", null, null, null),
                draft.suggestedSettings());
    }

    @Test
    void onlyABusinessNameGivesAFullPromptWithTheIndustrysGoalsAndDefaultHandOver() {
        AgentDraft draft = write(Map.of("businessName", "Acme Plumbing"));
        assertEquals("Acme Plumbing Receptionist", draft.name());
        assertEquals("Hello, thank you for calling Acme Plumbing! How can I help you today?", draft.greeting());
        assertTrue(draft.prompt().contains("1. " + Industry.HOME_SERVICES.goals(DraftLanguage.EN).get(0)));
        assertTrue(draft.prompt().contains("tell them someone from Acme Plumbing will get back to them"));
        assertEquals("friendly", draft.suggestedSettings().responseStyle());
        assertEquals("medium", draft.suggestedSettings().responseLength());
    }

    @Test
    void anOutboundPromptTellsHowToOpenRespectRefusalsAndLeaveVoicemail() {
        AgentDraft draft = write(Map.of("businessName", "Sunrise Realty", "callDirection", "outbound",
                "tone", "formal"));
        assertEquals("Sunrise Realty Calling Agent", draft.name());
        assertEquals("Good day, this is the virtual assistant calling from Sunrise Realty. Is now a good time to talk?",
                draft.greeting());
        assertTrue(draft.prompt().contains("You call people on behalf of the business."));
        assertTrue(draft.prompt().contains("# Outbound calls\n"));
        assertTrue(draft.prompt().contains("If you reach voicemail, leave a short message"));
        assertEquals(false, draft.suggestedSettings().agentSpeaksFirst());
        assertEquals(true, draft.suggestedSettings().enableVoicemailDetection());
        assertEquals("LEAVE_MESSAGE", draft.suggestedSettings().voicemailAction());
    }

    @Test
    void aHebrewPromptIsWrittenInHebrew() {
        AgentDraft draft = write(Map.of("businessName", "סטודיו נועה", "primaryLanguage", "he",
                "industry", "מספרה", "qAndA", "ש: יש חניה?\nת: כן, ברחוב המקביל."));
        assertEquals("מענה טלפוני – סטודיו נועה", draft.name());
        assertEquals("he", draft.language());
        assertEquals("שלום, הגעתם לסטודיו נועה. איך אפשר לעזור?", draft.greeting());
        String prompt = draft.prompt();
        for (String expected : new String[] {
                "# תפקיד\nאתה העוזר הווירטואלי של סטודיו נועה. אתה עונה לשיחות הטלפון של העסק.",
                "# המטרות שלך\n1. " + Industry.BEAUTY.goals(DraftLanguage.HE).get(0),
                "- טון: חם וידידותי",
                "פנה למתקשרים בלשון רבים או בניסוח ניטרלי",
                "# שאלות נפוצות\n",
                "ש: יש חניה?\nת: כן, ברחוב המקביל.",
                "ואמור לו שמישהו מסטודיו נועה יחזור אליו.",
                "# סיום השיחה\n"}) {
            assertTrue(prompt.contains(expected), () -> "missing: " + expected + "\nin:\n" + prompt);
        }
        assertEquals(true, draft.suggestedSettings().enableNaturalHebrew());
        assertEquals("אתם עדיין על הקו?", draft.suggestedSettings().silencePromptMessage());
    }

    @Test
    void aHebrewOutboundGreetingJoinsTheBusinessNameWithTheRightPreposition() {
        assertEquals("שלום, כאן רוני מ-Acme. זה זמן נוח לדבר?", write(Map.of("businessName", "Acme",
                "primaryLanguage", "he", "callDirection", "outbound", "agentName", "רוני")).greeting());
        assertEquals("שלום, מדברים מהמוסך של שמעון. זה זמן נוח לדבר?", write(Map.of("businessName",
                "המוסך של שמעון", "primaryLanguage", "he", "callDirection", "outbound")).greeting());
    }
}
