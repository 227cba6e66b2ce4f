package dev.voiceplatform.runtime.call.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.runtime.RuntimeApi.Org;
import dev.voiceplatform.testing.KafkaEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Fifty silent calls at once, dialled and torn down concurrently: each gets exactly its outcome. */
@QuarkusTest
class ConcurrentCallsTest {

    private static final int CALLS = 50;

    @Test
    void fiftySimultaneousCallsAllGetTheirOutcomes() {
        Org org = Org.withAgent(new JsonObject());
        List<UUID> calls = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            calls.add(UUID.randomUUID());
        }
        try (KafkaEvents events = RuntimeApi.events()) {
            CompletableFuture.allOf(calls.stream().map(call -> CompletableFuture.runAsync(() ->
                    RuntimeApi.dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202)))
                    .toArray(CompletableFuture[]::new)).join();
            for (UUID call : calls) {
                RuntimeApi.await(events, RuntimeCallAnswered.TYPE, call);
            }
            CompletableFuture.allOf(calls.stream().map(call -> CompletableFuture.runAsync(() ->
                    RuntimeApi.teardown(call, org.id()).then().statusCode(200)))
                    .toArray(CompletableFuture[]::new)).join();
            for (UUID call : calls) {
                assertEquals("hangup_requested",
                        RuntimeApi.await(events, RuntimeCallEnded.TYPE, call).path("end_reason").asText());
            }
            Set<String> ours = calls.stream().map(UUID::toString).collect(Collectors.toSet());
            assertEquals(CALLS, events.drain(java.time.Duration.ofMillis(500)).stream()
                    .filter(event -> event.type().equals(RuntimeCallEnded.TYPE) && ours.contains(event.key()))
                    .count(), "one outcome per call");
        }
    }
}
