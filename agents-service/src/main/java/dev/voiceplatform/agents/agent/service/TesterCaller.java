package dev.voiceplatform.agents.agent.service;

import dev.voiceplatform.agents.agent.AgentNames;
import dev.voiceplatform.agents.agent.rest.AgentInput;

/**
 * What a tester agent is: a simulated caller phoning the agent under test. Its prompt puts the persona in a frame
 * that keeps it on the caller's side of the conversation; Hebrew for a Hebrew target, English otherwise.
 */
final class TesterCaller {

    static final String NAME_SUFFIX = " tester";

    private static final String HEBREW = "he";

    private static final String DEFAULT_PERSONA_EN = "A first-time caller with an everyday question for the "
            + "business. Polite and a little unsure; asks one thing at a time and asks again when an answer is "
            + "unclear.";
    private static final String DEFAULT_PERSONA_HE = "מתקשר שפונה לעסק בפעם הראשונה עם שאלה יומיומית. מנומס "
            + "וקצת לא בטוח; שואל דבר אחד בכל פעם ושואל שוב כשתשובה לא ברורה.";

    private static final String PROMPT_EN = """
            You are a caller phoning the voice agent "%s" so that it can be tested. Stay in the caller's role for \
            the whole call: never speak as the business or its assistant, and never say that this is a test.

            Your persona:
            %s

            Speak naturally and briefly, as a real caller would. Answer the agent's questions in character, pursue \
            your goal, and end the call politely once it is met or the conversation stops moving forward.""";

    private static final String PROMPT_HE = """
            אתה מתקשר שמתקשר לסוכן הקולי "%s" כדי לבדוק אותו. הישאר בתפקיד המתקשר לאורך כל השיחה: לעולם אל \
            תדבר בשם העסק או בשם העוזר שלו, ולעולם אל תאמר שזו בדיקה.

            הדמות שלך:
            %s

            דבר בטבעיות ובקצרה, כמו מתקשר אמיתי. ענה על שאלות הסוכן כפי שהדמות הייתה עונה, חתור למטרה שלך, וסיים \
            את השיחה בנימוס כשהיא הושגה או כשהשיחה מפסיקה להתקדם.""";

    private TesterCaller() {
    }

    static String defaultPersona(String targetLanguage) {
        return HEBREW.equals(targetLanguage) ? DEFAULT_PERSONA_HE : DEFAULT_PERSONA_EN;
    }

    static String prompt(String targetName, String persona, String targetLanguage) {
        return (HEBREW.equals(targetLanguage) ? PROMPT_HE : PROMPT_EN).formatted(targetName, persona);
    }

    /** "{target name} tester", the target's name cut short when needed. */
    static String defaultName(String targetName) {
        return AgentNames.withSuffix(targetName, NAME_SUFFIX, AgentInput.NAME_MAX);
    }
}
