package dev.voiceplatform.agents.drafts.service;

import java.util.List;

/**
 * The answer of the website wizard: the business facts of part 4.2 plus what a website adds. Strings are null when
 * nothing was found; lists are empty, never null.
 *
 * @param paymentMethods identifiers: credit_card, cash, bank_transfer, paypal, bit, paybox, apple_pay, google_pay,
 *         cheque, installments
 * @param suggestedVoiceSettings settings-document keys (part 2.4, camelCase) for the voice: model, voice,
 *         speechRate, and enableNaturalHebrew for Hebrew
 */
public record WebsiteFacts(String businessName, String description, List<String> services,
        List<String> businessHours, List<String> phoneNumbers, List<String> emails, List<QuestionAnswer> qAndA,
        String detectedIndustry, String detectedTone, List<String> suggestedGoals, List<Price> prices,
        List<TeamMember> team, List<String> paymentMethods, SuggestedVoiceSettingsOut suggestedVoiceSettings) {

    public WebsiteFacts {
        services = List.copyOf(services);
        businessHours = List.copyOf(businessHours);
        phoneNumbers = List.copyOf(phoneNumbers);
        emails = List.copyOf(emails);
        qAndA = List.copyOf(qAndA);
        suggestedGoals = List.copyOf(suggestedGoals);
        prices = List.copyOf(prices);
        team = List.copyOf(team);
        paymentMethods = List.copyOf(paymentMethods);
    }

    static WebsiteFacts of(BusinessFacts facts, List<Price> prices, List<TeamMember> team,
            List<String> paymentMethods, SuggestedVoiceSettingsOut suggestedVoiceSettings) {
        return new WebsiteFacts(facts.businessName(), facts.description(), facts.services(), facts.businessHours(),
                facts.phoneNumbers(), facts.emails(), facts.qAndA(), facts.detectedIndustry(), facts.detectedTone(),
                facts.suggestedGoals(), prices, team, paymentMethods, suggestedVoiceSettings);
    }

    /** The facts both wizards share, for a language model to refine. */
    BusinessFacts businessFacts() {
        return new BusinessFacts(businessName, description, services, businessHours, phoneNumbers, emails, qAndA,
                detectedIndustry, detectedTone, suggestedGoals);
    }
}
