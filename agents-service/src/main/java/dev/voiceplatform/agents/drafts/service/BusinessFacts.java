package dev.voiceplatform.agents.drafts.service;

import java.util.List;

/**
 * The business facts of part 4.2, answered by the description wizard (and, with more fields, by the website
 * wizard). Strings are null when nothing was found; lists are empty, never null.
 *
 * @param businessHours opening hours as the source writes them, one line each ("Mon-Fri 9:00-17:00")
 * @param phoneNumbers E.164
 * @param detectedIndustry an identifier of {@link Industry} ({@code general} when no industry is recognised)
 * @param detectedTone one of {@link Tone}
 */
public record BusinessFacts(String businessName, String description, List<String> services,
        List<String> businessHours, List<String> phoneNumbers, List<String> emails, List<QuestionAnswer> qAndA,
        String detectedIndustry, String detectedTone, List<String> suggestedGoals) {

    public BusinessFacts {
        services = List.copyOf(services);
        businessHours = List.copyOf(businessHours);
        phoneNumbers = List.copyOf(phoneNumbers);
        emails = List.copyOf(emails);
        qAndA = List.copyOf(qAndA);
        suggestedGoals = List.copyOf(suggestedGoals);
    }
}
