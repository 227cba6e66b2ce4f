package dev.voiceplatform.numbers.number.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Acquisitions that meet: the test holds the service's acquisition lock, queues two requests behind it and lets
 * them go, so they run back to back every time instead of by timing luck.
 */
@QuarkusTest
class AcquireRaceTest {

    private static final String ACQUISITION_LOCK = "numbers.acquisition";

    @Test
    void twoConcurrentAcquisitionsOfOneOrganizationGetOneNumber() throws Exception {
        NumberApi api = NumberApi.newOrganization();
        try (Concurrently race = Concurrently.holding(ACQUISITION_LOCK)) {
            CompletableFuture<ExtractableResponse<Response>> first = race.start(() -> api.acquire("US").extract());
            CompletableFuture<ExtractableResponse<Response>> second = race.start(() -> api.acquire("US").extract());
            race.release();
            assertEquals(201, first.get().statusCode());
            assertEquals(409, second.get().statusCode());
            assertEquals("ORG_NUMBER_LIMIT_REACHED", second.get().path("error.code"));
            assertEquals(first.get().<String>path("id"), second.get().path("error.details.phone_number_id"));
        }
        assertEquals(1, AcquireTest.heldBy(api.organizationId()).size());
    }

    @Test
    void twoOrganizationsAcquiringTogetherGetDifferentNumbers() throws Exception {
        NumberApi one = NumberApi.newOrganization();
        NumberApi other = NumberApi.newOrganization();
        try (Concurrently race = Concurrently.holding(ACQUISITION_LOCK)) {
            CompletableFuture<ExtractableResponse<Response>> first = race.start(() -> one.acquire("IL").extract());
            CompletableFuture<ExtractableResponse<Response>> second = race.start(() -> other.acquire("IL").extract());
            race.release();
            assertEquals(List.of(201, 201), List.of(first.get().statusCode(), second.get().statusCode()));
            assertNotEquals(first.get().<String>path("phone_number"), second.get().<String>path("phone_number"));
        }
    }
}
