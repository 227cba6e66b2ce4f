package dev.voiceplatform.common.error;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Translates a Java property name into the JSON name a client sends, so validation errors name what the client sent. */
@ApplicationScoped
public class JsonFieldNames {

    private final ObjectMapper objectMapper;
    private final Map<Class<?>, Map<String, String>> cache = new ConcurrentHashMap<>();

    public JsonFieldNames(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    public String jsonName(Class<?> type, String javaName) {
        return cache.computeIfAbsent(type, this::namesOf).getOrDefault(javaName, javaName);
    }

    private Map<String, String> namesOf(Class<?> type) {
        BeanDescription description = objectMapper.getDeserializationConfig()
                .introspect(objectMapper.constructType(type));
        Map<String, String> names = new ConcurrentHashMap<>();
        for (BeanPropertyDefinition property : description.findProperties()) {
            names.put(property.getInternalName(), property.getName());
        }
        return names;
    }
}
