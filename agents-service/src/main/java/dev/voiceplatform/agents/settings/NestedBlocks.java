package dev.voiceplatform.agents.settings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The editor's checks of the nested blocks stageGraph, instructionsJson, dynamicVariables and
 * customCaptureFields (the webhook block has {@link WebhookBlock}). Shapes are in docs/agent-settings.md.
 */
final class NestedBlocks {

    static final int MAX_STAGES = 50;
    static final int MAX_VARIABLES = 100;
    static final int MAX_CAPTURE_FIELDS = 30;
    /** instructionsJson is free-form; its serialized size is capped like the prompt. */
    static final int INSTRUCTIONS_MAX_CHARACTERS = 100_000;
    static final List<String> CAPTURE_FIELD_TYPES = List.of("text", "number", "email", "phone", "date", "boolean");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    private static final Pattern STAGE_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private NestedBlocks() {
    }

    /** Problems of a non-null block value. */
    static List<FieldError> check(String key, JsonNode value) {
        List<FieldError> problems = new ArrayList<>();
        switch (key) {
            case "stageGraph" -> stageGraph(value, problems);
            case "instructionsJson" -> instructions(value, problems);
            case "dynamicVariables" -> dynamicVariables(value, problems);
            case "customCaptureFields" -> captureFields(value, problems);
            default -> throw new IllegalArgumentException("No checks for block " + key);
        }
        return problems;
    }

    /** {startStageId, stages: [{id, name, instructions, transitions: [{to, condition}]}]}. */
    private static void stageGraph(JsonNode graph, List<FieldError> problems) {
        if (!graph.isObject() || !graph.path("stages").isArray()) {
            problems.add(new FieldError("stageGraph", "must be an object with startStageId and a stages list"));
            return;
        }
        onlyKeys(graph, Set.of("startStageId", "stages"), "stageGraph", problems);
        JsonNode stages = graph.get("stages");
        if (stages.isEmpty() || stages.size() > MAX_STAGES) {
            problems.add(new FieldError("stageGraph.stages", "must hold 1 to " + MAX_STAGES + " stages"));
            return;
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < stages.size(); i++) {
            JsonNode stage = stages.get(i);
            String at = "stageGraph.stages[" + i + "]";
            if (!stage.isObject()) {
                problems.add(new FieldError(at, "must be an object with id, name, instructions and transitions"));
                continue;
            }
            onlyKeys(stage, Set.of("id", "name", "instructions", "transitions"), at, problems);
            String id = stage.path("id").isTextual() ? stage.get("id").asText() : null;
            if (id == null || !STAGE_ID.matcher(id).matches()) {
                problems.add(new FieldError(at + ".id", "must be 1 to 64 letters, digits, _ or -"));
            } else if (!ids.add(id)) {
                problems.add(new FieldError(at + ".id", "'" + id + "' is used by another stage; stage ids are unique"));
            }
            optionalText(stage, "name", 100, at, problems);
            optionalText(stage, "instructions", 10_000, at, problems);
        }
        String start = graph.path("startStageId").isTextual() ? graph.get("startStageId").asText() : null;
        if (start == null) {
            problems.add(new FieldError("stageGraph.startStageId", "is required: the stage a call starts in"));
        } else if (!ids.contains(start)) {
            problems.add(new FieldError("stageGraph.startStageId", "'" + start + "' is not a stage of the graph"));
        }
        for (int i = 0; i < stages.size(); i++) {
            JsonNode transitions = stages.get(i).path("transitions");
            String at = "stageGraph.stages[" + i + "].transitions";
            if (transitions.isMissingNode() || transitions.isNull()) {
                continue;
            }
            if (!transitions.isArray()) {
                problems.add(new FieldError(at, "must be a list of {to, condition}"));
                continue;
            }
            for (int j = 0; j < transitions.size(); j++) {
                JsonNode edge = transitions.get(j);
                String to = edge.path("to").isTextual() ? edge.get("to").asText() : null;
                if (to == null || !ids.contains(to)) {
                    problems.add(new FieldError(at + "[" + j + "].to", "must name an existing stage"));
                }
                if (edge.isObject()) {
                    onlyKeys(edge, Set.of("to", "condition"), at + "[" + j + "]", problems);
                    optionalText(edge, "condition", 1_000, at + "[" + j + "]", problems);
                }
            }
        }
    }

    private static void instructions(JsonNode value, List<FieldError> problems) {
        if (!value.isObject() && !value.isArray()) {
            problems.add(new FieldError("instructionsJson", "must be a JSON object or list"));
        } else if (value.toString().length() > INSTRUCTIONS_MAX_CHARACTERS) {
            problems.add(new FieldError("instructionsJson", "must be at most " + INSTRUCTIONS_MAX_CHARACTERS
                    + " characters as JSON"));
        }
    }

    /** {name: {default, description}}. */
    private static void dynamicVariables(JsonNode value, List<FieldError> problems) {
        if (!value.isObject()) {
            problems.add(new FieldError("dynamicVariables", "must be an object of variable name to "
                    + "{default, description}"));
            return;
        }
        if (value.size() > MAX_VARIABLES) {
            problems.add(new FieldError("dynamicVariables", "must hold at most " + MAX_VARIABLES + " variables"));
        }
        for (Iterator<Map.Entry<String, JsonNode>> entries = value.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String at = "dynamicVariables." + entry.getKey();
            if (!IDENTIFIER.matcher(entry.getKey()).matches()) {
                problems.add(new FieldError(at, "a variable name is a letter or _ then up to 63 letters, digits "
                        + "or _"));
            }
            if (!entry.getValue().isObject()) {
                problems.add(new FieldError(at, "must be an object {default, description}"));
                continue;
            }
            onlyKeys(entry.getValue(), Set.of("default", "description"), at, problems);
            optionalText(entry.getValue(), "default", 1_000, at, problems);
            optionalText(entry.getValue(), "description", 500, at, problems);
        }
    }

    /** [{name, label, type, required}]. */
    private static void captureFields(JsonNode value, List<FieldError> problems) {
        if (!value.isArray()) {
            problems.add(new FieldError("customCaptureFields", "must be a list of {name, label, type, required}"));
            return;
        }
        if (value.size() > MAX_CAPTURE_FIELDS) {
            problems.add(new FieldError("customCaptureFields", "must hold at most " + MAX_CAPTURE_FIELDS
                    + " fields"));
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode field = value.get(i);
            String at = "customCaptureFields[" + i + "]";
            if (!field.isObject()) {
                problems.add(new FieldError(at, "must be an object {name, label, type, required}"));
                continue;
            }
            onlyKeys(field, Set.of("name", "label", "type", "required"), at, problems);
            String name = field.path("name").isTextual() ? field.get("name").asText() : null;
            if (name == null || !IDENTIFIER.matcher(name).matches()) {
                problems.add(new FieldError(at + ".name", "must be a letter or _ then up to 63 letters, digits or _"));
            } else if (!names.add(name)) {
                problems.add(new FieldError(at + ".name", "'" + name + "' is used by another field"));
            }
            optionalText(field, "label", 100, at, problems);
            JsonNode type = field.get("type");
            if (type != null && !type.isNull() && !(type.isTextual() && CAPTURE_FIELD_TYPES.contains(type.asText()))) {
                problems.add(new FieldError(at + ".type", "must be one of " + CAPTURE_FIELD_TYPES));
            }
            JsonNode required = field.get("required");
            if (required != null && !required.isNull() && !required.isBoolean()) {
                problems.add(new FieldError(at + ".required", "must be true or false"));
            }
        }
    }

    private static void onlyKeys(JsonNode object, Set<String> allowed, String at, List<FieldError> problems) {
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problems.add(new FieldError(at + "." + name, "is not a key of this block (" + allowed.stream()
                        .sorted().toList() + ")"));
            }
        }
    }

    private static void optionalText(JsonNode object, String key, int max, String at, List<FieldError> problems) {
        JsonNode value = object.get(key);
        if (value == null || value.isNull()) {
            return;
        }
        if (!value.isTextual()) {
            problems.add(new FieldError(at + "." + key, "must be a string"));
        } else if (value.asText().codePointCount(0, value.asText().length()) > max) {
            problems.add(new FieldError(at + "." + key, "must be at most " + max + " characters"));
        }
    }
}
