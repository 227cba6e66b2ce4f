package dev.voiceplatform.agents.drafts.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.agents.agent.VoiceCatalog;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Reads the business facts of a web page from the page itself, for when no language model is configured (and as
 * what a model starts from): structured data first (schema.org JSON-LD and meta tags), then the page's headings,
 * lists and text. Parsing is CPU work on a page of up to a few megabytes: callers run it on a worker thread.
 */
final class WebsiteReader {

    static final int MAX_NAME = 100;
    static final int MAX_DESCRIPTION = 500;

    private static final Keywords SERVICES_HEADING = Keywords.of(List.of("services", "our services", "what we do",
            "what we offer", "treatments", "our treatments", "specialties", "practice areas", "we offer",
            "שירותים", "השירותים שלנו", "מה אנחנו עושים", "מה אנחנו מציעים", "טיפולים", "הטיפולים שלנו",
            "תחומי התמחות", "תחומי עיסוק", "תחומי פעילות"));
    private static final Keywords TEAM_HEADING = Keywords.of(List.of("team", "our team", "meet the team",
            "our staff", "our doctors", "our people", "meet our", "הצוות", "צוות", "הצוות שלנו", "הכירו את הצוות",
            "אנשי הצוות"));
    private static final Set<String> GENERIC_TITLES = Set.of("home", "homepage", "home page", "welcome", "main",
            "דף הבית", "ראשי", "עמוד הבית", "ברוכים הבאים");
    private static final Pattern TITLE_SEPARATOR = Pattern.compile("\\s+[|–—:·•-]\\s+|\\s*::\\s*");
    private static final Set<String> LINE_CELLS = Set.of("td", "th");
    private static final ObjectMapper JSON = new ObjectMapper();

    private WebsiteReader() {
    }

    /** The facts of a page and its text, for a language model to start from. */
    record Reading(WebsiteFacts facts, String pageText) {
    }

    /** Reads a fetched page, decoded by the charset its headers declare or else by its own meta tag (UTF-8 by default). */
    static Reading read(PageFetcher.Page fetched, DraftLanguage language) {
        try {
            return read(Jsoup.parse(new ByteArrayInputStream(fetched.body()), fetched.charset(),
                    fetched.url().toString()), language);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Reading read(String html, String url, DraftLanguage language) {
        return read(Jsoup.parse(html, url), language);
    }

    private static Reading read(Document page, DraftLanguage language) {
        List<JsonNode> structured = structuredData(page);
        page.select("script, style, noscript, template, svg, iframe, object").remove();
        Element body = page.body();
        List<String> lines = lines(body);
        String allText = String.join("\n", lines);

        String name = businessName(page, structured);
        String description = description(page, structured);
        List<String> services = services(body);
        Industry industry = Industry.detect(String.join("\n", nullToEmpty(name), nullToEmpty(description),
                String.join("\n", services), allText));
        Tone tone = Tone.detect(allText, industry);

        Set<String> hours = new LinkedHashSet<>(structuredHours(structured));
        hours.addAll(TextFacts.businessHours(TextFacts.sentences(lines)));

        List<String> phoneTexts = new ArrayList<>();
        page.select("a[href^=tel:]").forEach(link -> phoneTexts.add(link.attr("href").substring(4)));
        structured.forEach(node -> phoneTexts.add(node.path("telephone").asText("")));
        phoneTexts.addAll(lines);

        Set<String> emails = new LinkedHashSet<>();
        page.select("a[href^=mailto:]").forEach(link -> TextFacts.email(link.attr("href").substring(7)
                .replaceAll("\\?.*$", "")).ifPresent(emails::add));
        structured.forEach(node -> TextFacts.email(node.path("email").asText("").replaceFirst("^mailto:", ""))
                .ifPresent(emails::add));
        emails.addAll(TextFacts.emails(lines));

        BusinessFacts facts = new BusinessFacts(name, description, services, limit(hours),
                TextFacts.phoneNumbers(phoneTexts), limit(emails), questionsAndAnswers(body, structured),
                industry.id(), tone.id(), industry.goals(language));
        return new Reading(WebsiteFacts.of(facts, TextFacts.prices(lines), team(body),
                PaymentMethod.mentionedIn(allText), voiceSettings(tone, language)), allText);
    }

    /** The page as lines of text: a break at every block element, table cells of one row kept on one line. */
    static List<String> lines(Element root) {
        StringBuilder text = new StringBuilder();
        NodeTraversor.traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (node instanceof TextNode textNode) {
                    text.append(textNode.getWholeText());
                } else if (node instanceof Element element) {
                    text.append(separator(element));
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element element && !element.tagName().equals("br")) {
                    text.append(separator(element));
                }
            }
        }, root);
        return TextFacts.lines(text.toString());
    }

    private static String separator(Element element) {
        if (LINE_CELLS.contains(element.normalName())) {
            return " ";
        }
        return element.isBlock() || element.normalName().equals("br") ? "\n" : "";
    }

    private static List<JsonNode> structuredData(Document page) {
        List<JsonNode> nodes = new ArrayList<>();
        for (Element script : page.select("script[type=application/ld+json]")) {
            try {
                collect(JSON.readTree(script.data()), nodes, 0);
            } catch (Exception unreadable) {
                // A page's broken JSON-LD is the page's problem: the rest of the page is still read.
            }
        }
        return nodes;
    }

    private static void collect(JsonNode node, List<JsonNode> into, int depth) {
        if (node == null || depth > 6 || into.size() > 200) {
            return;
        }
        if (node.isArray()) {
            node.forEach(item -> collect(item, into, depth + 1));
        } else if (node.isObject()) {
            into.add(node);
            // Questions sit in mainEntity, businesses in @graph or under a page: every nested object is looked at.
            node.elements().forEachRemaining(value -> collect(value, into, depth + 1));
        }
    }

    private static boolean hasType(JsonNode node, String type) {
        JsonNode types = node.path("@type");
        if (types.isArray()) {
            for (JsonNode item : types) {
                if (type.equalsIgnoreCase(item.asText())) {
                    return true;
                }
            }
            return false;
        }
        return type.equalsIgnoreCase(types.asText());
    }

    private static boolean isBusiness(JsonNode node) {
        return node.has("@type") && !hasType(node, "WebSite") && !hasType(node, "WebPage") && !hasType(node, "FAQPage")
                && !hasType(node, "BreadcrumbList") && !hasType(node, "Question") && !hasType(node, "Person")
                && node.path("name").isTextual();
    }

    private static String businessName(Document page, List<JsonNode> structured) {
        String siteName = page.select("meta[property=og:site_name]").attr("content");
        if (!siteName.isBlank()) {
            return TextFacts.cap(siteName.strip(), MAX_NAME);
        }
        for (JsonNode node : structured) {
            if (isBusiness(node)) {
                return TextFacts.cap(node.path("name").asText().strip(), MAX_NAME);
            }
        }
        for (String part : TITLE_SEPARATOR.split(page.title())) {
            String candidate = part.strip();
            if (!candidate.isEmpty() && !GENERIC_TITLES.contains(candidate.toLowerCase(Locale.ROOT))) {
                return TextFacts.cap(candidate, MAX_NAME);
            }
        }
        Element heading = page.selectFirst("h1");
        return heading == null || heading.text().isBlank() ? null : TextFacts.cap(heading.text().strip(), MAX_NAME);
    }

    private static String description(Document page, List<JsonNode> structured) {
        for (String selector : List.of("meta[name=description]", "meta[property=og:description]")) {
            String content = page.select(selector).attr("content");
            if (!content.isBlank()) {
                return TextFacts.cap(content.strip(), MAX_DESCRIPTION);
            }
        }
        for (JsonNode node : structured) {
            if (isBusiness(node) && node.path("description").isTextual()) {
                return TextFacts.cap(node.path("description").asText().strip(), MAX_DESCRIPTION);
            }
        }
        StringBuilder paragraphs = new StringBuilder();
        int taken = 0;
        for (Element paragraph : page.select("p")) {
            String text = paragraph.text().strip();
            if (text.length() >= 40 && taken < 2) {
                paragraphs.append(paragraphs.isEmpty() ? "" : " ").append(text);
                taken++;
            }
        }
        return paragraphs.isEmpty() ? null : TextFacts.cap(paragraphs.toString(), MAX_DESCRIPTION);
    }

    /** The list items, or else the card headings, of the section under a heading such as "Our services". */
    private static List<String> services(Element body) {
        Set<String> found = new LinkedHashSet<>();
        for (Element heading : body.select("h1, h2, h3, h4")) {
            if (heading.text().length() > 60 || !SERVICES_HEADING.foundIn(heading.text())) {
                continue;
            }
            List<Element> section = sectionAfter(heading, true);
            List<String> items = texts(section, "li", 120);
            if (items.isEmpty()) {
                items = texts(section, "h3, h4, h5, h6", 120);
            }
            items.forEach(item -> {
                if (found.size() < TextFacts.MAX_ITEMS) {
                    found.add(item);
                }
            });
        }
        return List.copyOf(found);
    }

    /** People under a heading such as "Our team": each card's heading is a name, the short line after it the role. */
    private static List<TeamMember> team(Element body) {
        Map<String, TeamMember> found = new LinkedHashMap<>();
        for (Element heading : body.select("h1, h2, h3")) {
            if (heading.text().length() > 60 || !TEAM_HEADING.foundIn(heading.text())) {
                continue;
            }
            for (Element section : sectionAfter(heading, true)) {
                for (Element nameHeading : section.select("h3, h4, h5, h6, strong")) {
                    String name = nameHeading.text().strip();
                    if (name.isEmpty() || name.length() > 60 || name.split("\\s+").length > 5 || found.size() >= 50) {
                        continue;
                    }
                    Element next = nameHeading.nextElementSibling();
                    String role = next == null || next.text().isBlank() || next.text().length() > 80 ? null
                            : next.text().strip();
                    found.putIfAbsent(name, new TeamMember(name, role));
                }
            }
        }
        return List.copyOf(found.values());
    }

    /** schema.org FAQPage data, then headings, summaries and terms ending in a question mark with the text after them. */
    private static List<QuestionAnswer> questionsAndAnswers(Element body, List<JsonNode> structured) {
        Map<String, QuestionAnswer> found = new LinkedHashMap<>();
        for (JsonNode node : structured) {
            if (!hasType(node, "Question")) {
                continue;
            }
            String question = node.path("name").asText("").strip();
            JsonNode accepted = node.path("acceptedAnswer");
            String answer = Jsoup.parse((accepted.isArray() ? accepted.path(0) : accepted).path("text").asText(""))
                    .text().strip();
            add(found, question, answer);
        }
        for (Element question : body.select("h2, h3, h4, h5, h6, dt, summary")) {
            if (!TextFacts.isQuestion(question.text())) {
                continue;
            }
            String answer;
            if (question.normalName().equals("dt")) {
                Element definition = question.nextElementSibling();
                answer = definition != null && definition.normalName().equals("dd") ? definition.text() : "";
            } else if (question.normalName().equals("summary")) {
                Element details = question.parent();
                answer = details == null ? "" : details.text().substring(Math.min(details.text().length(),
                        question.text().length()));
            } else {
                answer = answerAfter(question);
            }
            add(found, question.text(), answer);
        }
        return List.copyOf(found.values());
    }

    /**
     * The element right after a question heading, and a list right after that. Later elements are left out: on a
     * flat page the text after the last question is the rest of the page, not its answer.
     */
    private static String answerAfter(Element question) {
        List<Element> section = sectionAfter(question, false);
        StringBuilder answer = new StringBuilder();
        for (int i = 0; i < section.size() && i < 2; i++) {
            Element part = section.get(i);
            if (i == 1 && !part.is("ul, ol")) {
                break;
            }
            answer.append(answer.isEmpty() ? "" : " ").append(part.text());
        }
        return answer.toString();
    }

    private static void add(Map<String, QuestionAnswer> found, String question, String answer) {
        String q = question.strip();
        String a = answer.strip();
        if (!q.isEmpty() && !a.isEmpty() && found.size() < TextFacts.MAX_ITEMS) {
            found.putIfAbsent(q.toLowerCase(Locale.ROOT), new QuestionAnswer(TextFacts.cap(q, 300),
                    TextFacts.cap(a, 1000)));
        }
    }

    /**
     * The elements after a heading up to the next heading of its level or higher. A heading alone in its
     * wrapper ({@code <div><h2>Services</h2></div><ul>...}) takes what follows the wrapper, when {@code climb}.
     */
    private static List<Element> sectionAfter(Element heading, boolean climb) {
        int level = headingLevel(heading);
        Element anchor = heading;
        for (int up = 0; climb && up < 2 && anchor.nextElementSibling() == null && anchor.parent() != null; up++) {
            anchor = anchor.parent();
        }
        List<Element> section = new ArrayList<>();
        for (Element sibling = anchor.nextElementSibling(); sibling != null && section.size() < 20;
                sibling = sibling.nextElementSibling()) {
            if (endsSection(sibling, level)) {
                break;
            }
            section.add(sibling);
        }
        return section;
    }

    private static boolean endsSection(Element element, int level) {
        int own = headingLevel(element);
        if (own > 0 && own <= level) {
            return true;
        }
        StringBuilder higher = new StringBuilder();
        for (int h = 1; h <= level; h++) {
            higher.append(higher.isEmpty() ? "" : ", ").append("h").append(h);
        }
        return !higher.isEmpty() && !element.select(higher.toString()).isEmpty();
    }

    private static int headingLevel(Element element) {
        String name = element.normalName();
        return name.length() == 2 && name.charAt(0) == 'h' && Character.isDigit(name.charAt(1))
                ? name.charAt(1) - '0' : 0;
    }

    private static List<String> texts(List<Element> section, String selector, int maxLength) {
        Set<String> texts = new LinkedHashSet<>();
        for (Element element : section) {
            for (Element item : element.is(selector) ? List.of(element) : element.select(selector)) {
                String text = item.text().strip();
                if (!text.isEmpty() && text.length() <= maxLength) {
                    texts.add(text);
                }
            }
        }
        return List.copyOf(texts);
    }

    private static List<String> structuredHours(List<JsonNode> structured) {
        List<String> hours = new ArrayList<>();
        for (JsonNode node : structured) {
            JsonNode opening = node.path("openingHours");
            if (opening.isTextual()) {
                hours.add(opening.asText().strip());
            } else if (opening.isArray()) {
                opening.forEach(item -> hours.add(item.asText().strip()));
            }
        }
        hours.removeIf(String::isEmpty);
        return hours;
    }

    private static SuggestedVoiceSettingsOut voiceSettings(Tone tone, DraftLanguage language) {
        return new SuggestedVoiceSettingsOut(VoiceCatalog.DEFAULT_MODEL, tone.voice(), tone.speechRate(),
                language == DraftLanguage.HE ? Boolean.TRUE : null);
    }

    private static List<String> limit(Set<String> values) {
        return values.stream().limit(TextFacts.MAX_ITEMS).toList();
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }
}
