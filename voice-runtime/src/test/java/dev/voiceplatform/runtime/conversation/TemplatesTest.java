package dev.voiceplatform.runtime.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class TemplatesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void metadataComesFirstThenTheDefaultThenNothing() throws Exception {
        JsonNode metadata = json("{\"name\": \"Noa\", \"visits\": 3}");
        JsonNode variables = json("{\"name\": {\"default\": \"there\"}, \"clinic\": {\"default\": \"Bright Smiles\"}}");
        assertEquals("Hi Noa, welcome to Bright Smiles (visit 3).",
                Templates.fill("Hi {{name}}, welcome to {{ clinic }} (visit {{visits}}).", metadata, variables));
        assertEquals("Hi there!", Templates.fill("Hi {{name}}!", null, variables));
        assertEquals("Hi !", Templates.fill("Hi {{unknown}}!", metadata, variables));
        assertEquals("Hello friend", Templates.fill("Hello  {{missing}} friend", null, null));
    }

    @Test
    void somethingThatIsNoVariableIsLeftAsItIs() {
        assertEquals("Costs {{ 5 }} dollars, {single}", Templates.fill("Costs {{ 5 }} dollars, {single}", null, null));
        assertEquals("a $1 \\ b", Templates.fill("a {{x}} \\ b", JSON.createObjectNode().put("x", "$1"), null));
        assertNull(Templates.fill(null, null, null));
    }
}
