package dev.voiceplatform.webhooks.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class PayloadTemplateTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DATA = "{\"lead\":{\"name\":\"Dana\",\"phone\":\"+15555550100\",\"status\":\"new\","
            + "\"score\":7,\"email\":null}}";

    private static JsonNode render(String template, String method) throws Exception {
        return PayloadTemplate.parse(JSON.readTree(template)).render(JSON.readTree(DATA), method);
    }

    @Test
    void placeholdersKeepTypesStringifyInsideTextAndUnknownIsEmpty() throws Exception {
        JsonNode out = render("{\"fixed\":true,\"score\":\"{{lead.score}}\",\"line\":\"Score {{lead.score}} for "
                + "{{lead.name}}\",\"missing\":\"{{lead.email}}\"}", "POST");
        assertTrue(out.get("fixed").asBoolean());
        assertTrue(out.get("score").isInt());
        assertEquals(7, out.get("score").asInt());
        assertEquals("Score 7 for Dana", out.get("line").asText());
        assertEquals("", out.get("missing").asText());
    }

    @Test
    void lookupsMapDefaultElseAndMatch() throws Exception {
        JsonNode out = render("{\"stage\":{\"$from\":\"lead.status\",\"$map\":{\"new\":\"fresh\"}},"
                + "\"unmapped\":{\"$from\":\"lead.name\",\"$map\":{\"x\":\"y\"},\"$default\":\"other\"},"
                + "\"nullish\":{\"$from\":\"lead.name\",\"$map\":{\"x\":\"y\"}},"
                + "\"contact\":{\"$from\":\"lead.email\",\"$else\":[\"lead.phone\"]},"
                + "\"us\":{\"$from\":\"lead.phone\",\"$match\":\"^\\\\+44\",\"$default\":\"none\"}}", "POST");
        assertEquals("fresh", out.get("stage").asText());
        assertEquals("other", out.get("unmapped").asText());
        assertTrue(out.get("nullish").isNull());
        assertEquals("+15555550100", out.get("contact").asText());
        assertEquals("none", out.get("us").asText());
    }

    @Test
    void putAndPatchLeaveOutKeysWhosePlaceholdersAreAllUnfilledPostSendsThem() throws Exception {
        String template = "{\"email\":\"{{lead.email}}\",\"name\":\"{{lead.name}}\",\"fax\":{\"$from\":\"lead.fax\"}}";
        JsonNode put = render(template, "PUT");
        assertFalse(put.has("email"));
        assertFalse(put.has("fax"));
        assertEquals("Dana", put.get("name").asText());
        JsonNode post = render(template, "POST");
        assertTrue(post.has("email"));
        assertTrue(post.get("fax").isNull());
    }

    @Test
    void malformedTemplatesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PayloadTemplate.parse(JSON.readTree("[1]")));
        assertThrows(IllegalArgumentException.class,
                () -> PayloadTemplate.parse(JSON.readTree("{\"a\":{\"$from\":\"x\",\"$match\":\"(\"}}")));
        assertThrows(IllegalArgumentException.class,
                () -> PayloadTemplate.parse(JSON.readTree("{\"a\":{\"$from\":\"x\",\"$bogus\":1}}")));
    }

    @Test
    void conditionsRequireFieldsToBePresent() throws Exception {
        Condition condition = Condition.parse(JSON.readTree("{\"require\":[\"lead.phone\"]}"));
        assertTrue(condition.matches(JSON.readTree(DATA)));
        assertFalse(Condition.parse(JSON.readTree("{\"require\":[\"lead.email\"]}")).matches(JSON.readTree(DATA)));
        assertThrows(IllegalArgumentException.class, () -> Condition.parse(JSON.readTree("{\"any\":[\"x\"]}")));
    }
}
