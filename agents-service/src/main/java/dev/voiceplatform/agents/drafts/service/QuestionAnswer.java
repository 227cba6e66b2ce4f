package dev.voiceplatform.agents.drafts.service;

/** One question a caller may ask and the business's answer, as found on a page or given in the questionnaire. */
public record QuestionAnswer(String question, String answer) {
}
