package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.calls.RuntimeStandIn;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CallPlaceConcurrencyTest {

    @Test
    void twentyConcurrentIdenticalRequestsDialExactlyOnce() throws Exception {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        List<ExtractableResponse<Response>> answers = all(20, () -> api.request().body(api.call(to)).post("/calls")
                .then().extract());
        List<ExtractableResponse<Response>> placed = answers.stream().filter(a -> a.statusCode() == 201).toList();
        assertEquals(1, placed.size(), "exactly one is placed");
        String id = placed.get(0).path("id");
        for (ExtractableResponse<Response> answer : answers) {
            if (answer.statusCode() != 201) {
                assertEquals(409, answer.statusCode());
                assertEquals("DUPLICATE_CALL", answer.path("error.code"));
                assertEquals(id, answer.path("error.details.existing_call_id"));
            }
        }
        assertEquals(1, RuntimeStandIn.dialsTo(to).size());
        assertEquals(1, api.keyCallsToday());
        assertEquals(1, api.live("outbound"));
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyAnswersTheSameCallAndDialsNothing() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        Map<String, Object> body = api.call(to);
        String id = api.request().header(IdempotentCreates.HEADER, "retry-1").body(body).post("/calls").then()
                .statusCode(201).extract().path("id");
        api.request().header(IdempotentCreates.HEADER, "retry-1").body(body).post("/calls").then()
                .statusCode(201).body("id", equalTo(id)).body("to", equalTo(to));
        assertEquals(1, RuntimeStandIn.dialsTo(to).size());
        assertEquals(1, api.keyCallsToday());
    }

    @Test
    void aRetryAfterARefusedDialPlacesTheCallAnew() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.numberEnding("0003");
        String first = api.request().header(IdempotentCreates.HEADER, "retry-2").body(api.call(to)).post("/calls")
                .then().statusCode(502).extract().path("error.details.call_id");
        String second = api.request().header(IdempotentCreates.HEADER, "retry-2").body(api.call(to)).post("/calls")
                .then().statusCode(502).extract().path("error.details.call_id");
        org.junit.jupiter.api.Assertions.assertNotEquals(first, second);
        assertEquals(2, RuntimeStandIn.dialsTo(to).size());
    }

    private static <T> List<T> all(int count, Callable<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Callable<T>> tasks = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                tasks.add(task);
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : pool.invokeAll(tasks)) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
