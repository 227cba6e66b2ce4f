package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Part 5, rule 11 through the gateway against the real agents service. */
class IdempotencyTest {

    private static final int CALLERS = 20;

    @Test
    void twentyConcurrentIdenticalCreatesMakeExactlyOneAgent() throws Exception {
        String key = TestOrganization.create("e2e-idempotency").fullKey();
        String idempotencyKey = Gateway.unique("create");
        String body = "{\"name\":\"Concurrent desk\",\"prompt\":\"You answer the phone.\"}";

        ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
        List<Response> answers = new ArrayList<>();
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Response>> pending = new ArrayList<>();
            for (int i = 0; i < CALLERS; i++) {
                pending.add(callers.submit(() -> {
                    go.await();
                    return withKey(key).header("Idempotency-Key", idempotencyKey).body(body).post("/agents");
                }));
            }
            go.countDown();
            for (Future<Response> answer : pending) {
                answers.add(answer.get(60, TimeUnit.SECONDS));
            }
        } finally {
            callers.shutdownNow();
        }

        String agentId = null;
        int executed = 0;
        for (Response answer : answers) {
            if (answer.statusCode() == 409) {
                assertEquals("IDEMPOTENCY_KEY_IN_FLIGHT", answer.path("error.code"));
                continue;
            }
            assertEquals(201, answer.statusCode(), answer.asString());
            if (!"true".equals(answer.header("Idempotency-Replayed"))) {
                executed++;
            }
            String id = answer.path("id");
            assertTrue(agentId == null || agentId.equals(id), "every 201 names the same agent");
            agentId = id;
        }
        assertEquals(1, executed, "exactly one request reached the agents service");

        withKey(key).get("/agents").then().statusCode(200)
                .body("pagination.total", equalTo(1))
                .body("data[0].id", equalTo(agentId));

        withKey(key).header("Idempotency-Key", idempotencyKey).body(body).post("/agents")
                .then().statusCode(201)
                .header("Idempotency-Replayed", "true")
                .body("id", equalTo(agentId));

        withKey(key).header("Idempotency-Key", idempotencyKey).body(body.replace("Concurrent", "Other")).post("/agents")
                .then().statusCode(422)
                .body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        withKey(key).get("/agents").then().statusCode(200).body("pagination.total", equalTo(1));
    }
}
