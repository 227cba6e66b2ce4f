package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.agents.drafts.service.Questionnaire.CallDirection;
import java.util.List;

/**
 * Writes the agent of a questionnaire without a language model: a complete prompt (role, business, goals, manner
 * of speech, questions and answers, hand-over rules, outbound conduct, how to end a call) and a greeting, in
 * English or Hebrew. The Hebrew text is written as Hebrew, not translated: the agent is told to speak everyday
 * spoken Hebrew and to address callers in the plural or neutral forms unless their gender is clear.
 */
final class PromptTemplates {

    private PromptTemplates() {
    }

    static AgentDraft write(Questionnaire answers, String fallbackReason) {
        boolean hebrew = answers.language() == DraftLanguage.HE;
        Tone tone = answers.tone() != null ? answers.tone() : usualIndustry(answers).usualTone();
        List<String> goals = answers.goals().isEmpty() ? usualIndustry(answers).goals(answers.language())
                : answers.goals();
        String prompt = hebrew ? hebrewPrompt(answers, tone, goals) : englishPrompt(answers, tone, goals);
        String greeting = answers.openingLine() != null ? answers.openingLine()
                : hebrew ? hebrewGreeting(answers, tone) : englishGreeting(answers, tone);
        return new AgentDraft(name(answers), prompt, greeting, answers.language().code(),
                suggestedSettings(answers, tone), AgentDraft.SOURCE_TEMPLATE, fallbackReason);
    }

    /** The industry the questionnaire names, else the one its description suggests. */
    static Industry usualIndustry(Questionnaire answers) {
        return Industry.named(answers.industry())
                .orElseGet(() -> Industry.detect(String.join("\n", answers.businessName(),
                        answers.businessDescription() == null ? "" : answers.businessDescription())));
    }

    static String name(Questionnaire answers) {
        if (answers.agentName() != null) {
            return answers.agentName();
        }
        boolean outbound = answers.callDirection() == CallDirection.OUTBOUND;
        String name = switch (answers.language()) {
            case HE -> (outbound ? "שיחות יוצאות – " : "מענה טלפוני – ") + answers.businessName();
            case EN -> answers.businessName() + (outbound ? " Calling Agent" : " Receptionist");
        };
        return TextFacts.cap(name, Questionnaire.MAX_AGENT_NAME);
    }

    private static String englishPrompt(Questionnaire q, Tone tone, List<String> goals) {
        String business = q.businessName();
        boolean outbound = q.callDirection() == CallDirection.OUTBOUND;
        StringBuilder p = new StringBuilder();
        p.append("# Role\n");
        p.append("You are ").append(q.agentName() != null ? q.agentName() + ", the virtual assistant" : "the virtual assistant")
                .append(" of ").append(business).append(". ")
                .append(outbound ? "You call people on behalf of the business." : "You answer the business's phone calls.")
                .append(" You are an AI voice assistant: if someone asks whether they are talking to a person, say "
                        + "honestly that you are ").append(business).append("'s virtual assistant.\n\n");

        p.append("# About ").append(business).append('\n');
        if (q.businessDescription() != null) {
            p.append(q.businessDescription()).append('\n');
        }
        line(p, "Industry: ", q.industry());
        list(p, "Services: ", q.services(), ", ");
        list(p, "Opening hours: ", q.businessHours(), "; ");
        list(p, "Phone: ", q.phoneNumbers(), ", ");
        list(p, "Email: ", q.emails(), ", ");
        p.append('\n');

        p.append("# Your goals\n");
        numbered(p, goals);
        p.append('\n');

        p.append("# How you speak\n");
        p.append("- Tone: ").append(switch (tone) {
            case PROFESSIONAL -> "professional and courteous: clear, confident and to the point.";
            case FRIENDLY -> "warm and friendly: welcoming, patient and positive, like a helpful person at the front desk.";
            case FORMAL -> "formal and respectful: polite phrasing, no slang, and a courteous way of addressing callers.";
            case CASUAL -> "relaxed and casual: natural, easy-going language, while staying helpful and respectful.";
        }).append('\n');
        p.append("- Length: ").append(switch (q.responseLength()) {
            case SHORT -> "keep every answer to one or two short sentences. Give the most important information first "
                    + "and offer more only if asked.";
            case MEDIUM -> "keep answers to two or three sentences. Give enough detail to be useful, then check "
                    + "whether the caller needs anything more.";
            case LONG -> "you may explain things fully when the caller needs it, but still speak in short sentences "
                    + "and pause to let the caller respond.";
        }).append('\n');
        p.append("- Speak English. If the caller speaks another language, continue in English and, if they cannot "
                + "go on, offer to have someone call them back.\n");
        p.append("- This is a phone call: no lists, headings, links or emoji. Say numbers, times and prices the way "
                + "people say them aloud, and ask one question at a time.\n");
        p.append("- Repeat names, phone numbers and email addresses back to the caller to confirm them.\n");
        p.append("- Use only the facts given here. If you do not know something (a price, availability, a policy), "
                + "say so and offer to take a message. Never make anything up.\n\n");

        if (!q.qAndA().isEmpty() || q.qAndAText() != null) {
            p.append("# Questions callers ask\n");
            p.append("Answer these questions with the answers given, in your own words.\n");
            for (QuestionAnswer pair : q.qAndA()) {
                p.append("Q: ").append(pair.question()).append('\n');
                p.append("A: ").append(pair.answer().isEmpty() ? "(no answer given: offer to take a message)"
                        : pair.answer()).append('\n');
            }
            if (q.qAndAText() != null) {
                p.append(q.qAndAText()).append('\n');
            }
            p.append('\n');
        }

        p.append("# When to hand over to a person\n");
        if (q.escalationRules().isEmpty()) {
            p.append("- If the caller asks for a person, is upset, or has an urgent matter you cannot resolve, take "
                    + "their name, phone number and the reason for the call, and tell them someone from ")
                    .append(business).append(" will get back to them.\n");
        } else {
            q.escalationRules().forEach(rule -> p.append("- ").append(rule).append('\n'));
            p.append("- When you hand over, first take the caller's name, phone number and the reason for the call.\n");
        }
        p.append('\n');

        if (outbound) {
            p.append("# Outbound calls\n");
            p.append("- Right after the greeting, say who you are, that you are calling from ").append(business)
                    .append(", and why you are calling.\n");
            p.append("- Ask whether it is a good time. If not, offer to call back later and ask when suits them.\n");
            p.append("- If the person is not interested, thank them and end the call politely. If they ask not to be "
                    + "called again, confirm that you will pass this on, and end the call.\n");
            p.append("- If you reach voicemail, leave a short message with your name, ").append(business)
                    .append(", the reason for the call and how to call back, then hang up.\n\n");
        }

        p.append("# Ending the call\n");
        p.append("- Before ending, sum up briefly what was agreed and what happens next.\n");
        p.append("- Ask whether there is anything else you can help with.\n");
        p.append("- Thank the caller, say goodbye, and end the call.\n");
        return p.toString();
    }

    private static String hebrewPrompt(Questionnaire q, Tone tone, List<String> goals) {
        String business = q.businessName();
        boolean outbound = q.callDirection() == CallDirection.OUTBOUND;
        StringBuilder p = new StringBuilder();
        p.append("# תפקיד\n");
        p.append("אתה ").append(q.agentName() != null ? q.agentName() + ", העוזר הווירטואלי" : "העוזר הווירטואלי")
                .append(" של ").append(business).append(". ")
                .append(outbound ? "אתה מתקשר לאנשים בשם העסק." : "אתה עונה לשיחות הטלפון של העסק.")
                .append(" אתה עוזר קולי מבוסס בינה מלאכותית: אם שואלים אותך אם מדברים עם אדם, אמור בכנות שאתה "
                        + "העוזר הווירטואלי של ").append(business).append(".\n\n");

        p.append("# על ").append(business).append('\n');
        if (q.businessDescription() != null) {
            p.append(q.businessDescription()).append('\n');
        }
        line(p, "תחום: ", q.industry());
        list(p, "שירותים: ", q.services(), ", ");
        list(p, "שעות פעילות: ", q.businessHours(), "; ");
        list(p, "טלפון: ", q.phoneNumbers(), ", ");
        list(p, "דוא\"ל: ", q.emails(), ", ");
        p.append('\n');

        p.append("# המטרות שלך\n");
        numbered(p, goals);
        p.append('\n');

        p.append("# איך לדבר\n");
        p.append("- טון: ").append(switch (tone) {
            case PROFESSIONAL -> "מקצועי ואדיב: ברור, בטוח ולעניין.";
            case FRIENDLY -> "חם וידידותי: מסביר פנים, סבלני וחיובי, כמו מי שמקבל את פני הלקוחות בדלפק.";
            case FORMAL -> "רשמי ומכבד: ניסוחים מנומסים, בלי סלנג, ופנייה מכבדת למתקשרים.";
            case CASUAL -> "קליל ולא רשמי: שפה טבעית וזורמת, ועדיין עוזר ומכבד.";
        }).append('\n');
        p.append("- אורך: ").append(switch (q.responseLength()) {
            case SHORT -> "ענה במשפט אחד או שניים קצרים. תן קודם את המידע החשוב ביותר, והרחב רק אם מבקשים.";
            case MEDIUM -> "ענה בשניים–שלושה משפטים. תן מספיק פרטים כדי לעזור, ואז בדוק אם המתקשר צריך עוד משהו.";
            case LONG -> "מותר לך להסביר בהרחבה כשהמתקשר צריך, אבל דבר במשפטים קצרים ועצור כדי לתת לו להגיב.";
        }).append('\n');
        p.append("- דבר בעברית טבעית ויומיומית, כמו שמדברים בטלפון, ולא כמו טקסט מתורגם.\n");
        p.append("- פנה למתקשרים בלשון רבים או בניסוח ניטרלי (\"איך אפשר לעזור?\", \"תרצו לקבוע תור?\"), אלא אם "
                + "ברור מה המגדר שלהם.\n");
        p.append("- אם המתקשר מדבר בשפה אחרת, המשך בעברית, ואם הוא לא מצליח להמשיך, הצע שמישהו יחזור אליו.\n");
        p.append("- זו שיחת טלפון: בלי רשימות, כותרות, קישורים או אימוג'י. אמור מספרים, שעות ומחירים כמו שאומרים "
                + "אותם בקול, ושאל שאלה אחת בכל פעם.\n");
        p.append("- חזור על שמות, מספרי טלפון וכתובות דוא\"ל כדי לוודא שרשמת נכון.\n");
        p.append("- השתמש רק בעובדות שמופיעות כאן. אם אינך יודע משהו (מחיר, זמינות, מדיניות), אמור זאת והצע לרשום "
                + "הודעה. לעולם אל תמציא.\n\n");

        if (!q.qAndA().isEmpty() || q.qAndAText() != null) {
            p.append("# שאלות נפוצות\n");
            p.append("ענה על השאלות האלה לפי התשובות שכאן, במילים שלך.\n");
            for (QuestionAnswer pair : q.qAndA()) {
                p.append("ש: ").append(pair.question()).append('\n');
                p.append("ת: ").append(pair.answer().isEmpty() ? "(אין תשובה: הצע לרשום הודעה)" : pair.answer())
                        .append('\n');
            }
            if (q.qAndAText() != null) {
                p.append(q.qAndAText()).append('\n');
            }
            p.append('\n');
        }

        p.append("# מתי להעביר לנציג אנושי\n");
        if (q.escalationRules().isEmpty()) {
            p.append("- אם המתקשר מבקש לדבר עם אדם, כועס או מתוסכל, או שיש לו עניין דחוף שאינך יכול לפתור, רשום את "
                    + "שמו, את מספר הטלפון ואת סיבת הפנייה, ואמור לו שמישהו ").append(withPrefix("מ", business))
                    .append(" יחזור אליו.\n");
        } else {
            q.escalationRules().forEach(rule -> p.append("- ").append(rule).append('\n'));
            p.append("- לפני שאתה מעביר, רשום את שם המתקשר, את מספר הטלפון ואת סיבת הפנייה.\n");
        }
        p.append('\n');

        if (outbound) {
            p.append("# שיחות יוצאות\n");
            p.append("- מיד אחרי הפתיחה, הצג את עצמך, אמור שאתה מתקשר ").append(withPrefix("מ", business))
                    .append(" ומה סיבת השיחה.\n");
            p.append("- שאל אם זה זמן נוח לדבר. אם לא, הצע לחזור מאוחר יותר ושאל מתי נוח.\n");
            p.append("- אם האדם לא מעוניין, הודה לו ונפרד בנימוס. אם ביקש שלא יתקשרו אליו שוב, אשר שתעביר את "
                    + "הבקשה, וסיים את השיחה.\n");
            p.append("- אם הגעת לתא קולי, השאר הודעה קצרה: השם שלך, ").append(business)
                    .append(", סיבת השיחה ואיך לחזור אליכם, ואז נתק.\n\n");
        }

        p.append("# סיום השיחה\n");
        p.append("- לפני הסיום, סכם בקצרה מה סוכם ומה הצעד הבא.\n");
        p.append("- שאל אם יש עוד משהו שאפשר לעזור בו.\n");
        p.append("- הודה למתקשר, אחל יום טוב וסיים את השיחה.\n");
        return p.toString();
    }

    private static String englishGreeting(Questionnaire q, Tone tone) {
        String business = q.businessName();
        if (q.callDirection() == CallDirection.OUTBOUND) {
            return (tone == Tone.FORMAL ? "Good day, this is " : "Hi, this is ")
                    + (q.agentName() != null ? q.agentName() : "the virtual assistant") + " calling from " + business
                    + ". Is now a good time to talk?";
        }
        String introduction = q.agentName() != null ? " This is " + q.agentName() + "." : "";
        return tone == Tone.FORMAL
                ? "Good day, thank you for calling " + business + "." + introduction + " How may I assist you?"
                : "Hello, thank you for calling " + business + "!" + introduction + " How can I help you today?";
    }

    private static String hebrewGreeting(Questionnaire q, Tone tone) {
        String business = q.businessName();
        if (q.callDirection() == CallDirection.OUTBOUND) {
            return (q.agentName() != null ? "שלום, כאן " + q.agentName() + " " : "שלום, מדברים ")
                    + withPrefix("מ", business) + ". זה זמן נוח לדבר?";
        }
        String introduction = q.agentName() != null ? ", כאן " + q.agentName() : "";
        return tone == Tone.FORMAL
                ? "שלום וברוכים הבאים " + withPrefix("ל", business) + introduction + ". במה אוכל לסייע?"
                : "שלום, הגעתם " + withPrefix("ל", business) + introduction + ". איך אפשר לעזור?";
    }

    /** Settings of part 2.4 that follow from the answers, for PATCH /agents/:id/config. */
    private static SuggestedSettingsOut suggestedSettings(Questionnaire q, Tone tone) {
        boolean hebrew = q.language() == DraftLanguage.HE;
        boolean outbound = q.callDirection() == CallDirection.OUTBOUND;
        String goodbye = hebrew
                ? (outbound ? "נראה שהשיחה התנתקה. תודה על הזמן שלכם, להתראות!"
                        : "נראה שהשיחה התנתקה. תודה שהתקשרתם " + withPrefix("ל", q.businessName()) + ", להתראות!")
                : (outbound ? "It seems we got disconnected. Thank you for your time, goodbye!"
                        : "It seems we got disconnected. Thank you for calling " + q.businessName() + ", goodbye!");
        // On an outbound call the person who picks up speaks first ("Hello?"); the agent answers that.
        return new SuggestedSettingsOut(q.language().code(), "fixed", tone.id(), q.responseLength().id(), !outbound,
                true, "postcall", true, true, hebrew ? "אתם עדיין על הקו?" : "Are you still there?", goodbye,
                outbound ? Boolean.TRUE : null, outbound ? "LEAVE_MESSAGE" : null, hebrew ? Boolean.TRUE : null);
    }

    /**
     * A Hebrew one-letter preposition before a name: joined to a Hebrew name ("למספרה"), with a maqaf before a
     * name in Latin letters or digits ("ל-Acme").
     */
    static String withPrefix(String preposition, String name) {
        return Keywords.isHebrew(name.substring(0, 1)) ? preposition + name : preposition + "-" + name;
    }

    private static void line(StringBuilder p, String label, String value) {
        if (value != null) {
            p.append(label).append(value).append('\n');
        }
    }

    private static void list(StringBuilder p, String label, List<String> values, String separator) {
        if (!values.isEmpty()) {
            p.append(label).append(String.join(separator, values)).append('\n');
        }
    }

    private static void numbered(StringBuilder p, List<String> items) {
        for (int i = 0; i < items.size(); i++) {
            p.append(i + 1).append(". ").append(items.get(i)).append('\n');
        }
    }
}
