package dev.voiceplatform.agents.drafts.service;

import java.util.List;
import java.util.Optional;

/**
 * How an agent speaks. The wizards detect it from the words of a page or description; the questionnaire takes
 * it as {@code tone}; it becomes the {@code responseStyle} setting of the draft.
 */
enum Tone {
    PROFESSIONAL("professional", "sage", 1.0,
            List.of("professional", "experienced", "experience", "expert", "expertise", "certified", "licensed",
                    "quality", "reliable", "מקצועי", "מקצועית", "מקצועיות", "ניסיון", "מומחים", "מומחה", "מוסמך",
                    "איכות", "אמינות")),
    FRIENDLY("friendly", "coral", 1.0,
            List.of("welcome", "we love", "happy to", "family", "smile", "warm", "friendly", "cozy", "נשמח",
                    "מחכים לכם", "בואו", "משפחתי", "משפחתית", "חם", "חמה", "באהבה", "ברוכים הבאים")),
    FORMAL("formal", "ash", 0.95,
            List.of("hereby", "pursuant", "esteemed", "kindly", "committed to", "distinguished", "clients",
                    "הננו", "הינכם", "לכבוד", "בכבוד רב", "מתכבדים", "לקוחותינו", "מחויבים")),
    CASUAL("casual", "verse", 1.05,
            List.of("hey", "awesome", "cool", "guys", "yay", "super", "אחלה", "סבבה", "וואו", "כיף", "יאללה"));

    private final String id;
    private final String voice;
    private final double speechRate;
    private final Keywords markers;

    Tone(String id, String voice, double speechRate, List<String> markers) {
        this.id = id;
        this.voice = voice;
        this.speechRate = speechRate;
        this.markers = Keywords.of(markers);
    }

    /** A voice of the default engine (engineA-realtime) that suits the tone. */
    String voice() {
        return voice;
    }

    /** A touch slower for formal speech, a touch quicker for casual. */
    double speechRate() {
        return speechRate;
    }

    String id() {
        return id;
    }

    static Optional<Tone> fromId(String id) {
        for (Tone tone : values()) {
            if (tone.id.equals(id)) {
                return Optional.of(tone);
            }
        }
        return Optional.empty();
    }

    static List<String> ids() {
        return java.util.Arrays.stream(values()).map(Tone::id).toList();
    }

    /**
     * The tone whose marker words occur most often; the industry's usual tone counts one extra and wins ties, so a
     * text with few markers keeps the tone its kind of business usually has. Many exclamation marks read casual.
     */
    static Tone detect(String text, Industry industry) {
        Tone best = industry.usualTone();
        int bestScore = -1;
        long exclamations = text == null ? 0 : text.chars().filter(c -> c == '!').count();
        for (Tone tone : values()) {
            int score = tone.markers.count(text) + (tone == industry.usualTone() ? 1 : 0)
                    + (tone == CASUAL ? (int) (exclamations / 3) : 0);
            if (score > bestScore || (score == bestScore && tone == industry.usualTone())) {
                best = tone;
                bestScore = score;
            }
        }
        return best;
    }
}
