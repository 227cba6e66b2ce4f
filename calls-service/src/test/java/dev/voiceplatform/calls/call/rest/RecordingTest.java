package dev.voiceplatform.calls.call.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.calls.RuntimeStandIn;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Recording links: signed on every read, valid 24 hours, the signature the only credential. */
@QuarkusTest
class RecordingTest {

    private static final byte[] WAV = "RIFF....WAVEfmt fake recording".getBytes(StandardCharsets.US_ASCII);

    @Inject
    TestClock clock;

    private static String recordedCall(CallApi api) {
        String id = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'completed', recording_available = true WHERE id = ?",
                UUID.fromString(id));
        RuntimeStandIn.recording(api.organizationId(), UUID.fromString(id), WAV);
        return id;
    }

    /** The link's path and query, as the service (behind the gateway's /v1) serves it. */
    private static String servedPath(String link) {
        URI uri = URI.create(link);
        return uri.getRawPath().substring("/v1".length()) + "?" + uri.getRawQuery();
    }

    @Test
    void aSignedLinkServesTheWavWithoutAKey() {
        CallApi api = CallApi.newOrganization();
        String id = recordedCall(api);
        String link = api.get(id).statusCode(200)
                .body("recording_url", startsWith("http://127.0.0.1:8080/v1/calls/" + id + "/recording?expires="))
                .extract().path("recording_url");
        byte[] body = given().get(servedPath(link)).then().statusCode(200)
                .header("Content-Type", "audio/wav").extract().asByteArray();
        assertArrayEquals(WAV, body);
        assertEquals(api.organizationId().toString(), RuntimeStandIn.recordings(UUID.fromString(id)).get(0).organization());
    }

    @Test
    void theLinkIsSignedAfreshOnEveryReadAndValidForADay() {
        CallApi api = CallApi.newOrganization();
        String id = recordedCall(api);
        String first = api.get(id).extract().path("recording_url");
        clock.advance(Duration.ofSeconds(5));
        String second = api.request().get("/calls").then().extract().path("data[0].recording_url");
        assertNotEquals(first, second);
        long expires = Long.parseLong(URI.create(second).getQuery().replaceAll(".*expires=(\\d+).*", "$1"));
        assertEquals(clock.instant().plus(Duration.ofHours(24)).getEpochSecond(), expires, 2);

        clock.advance(Duration.ofHours(24).minusSeconds(60));
        given().get(servedPath(second)).then().statusCode(200);
        clock.advance(Duration.ofSeconds(120));
        given().get(servedPath(second)).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void anAlteredOrMissingSignatureIsNotFoundAndSaysNoMore() {
        CallApi api = CallApi.newOrganization();
        String id = recordedCall(api);
        String path = servedPath(api.get(id).extract().path("recording_url"));
        String tampered = path.substring(0, path.length() - 1) + (path.endsWith("0") ? "1" : "0");
        given().get(tampered).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        String later = path.replaceAll("expires=(\\d+)", "expires=" + (clock.instant().getEpochSecond() + 999_999));
        given().get(later).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        given().get("/calls/" + id + "/recording").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        // Another call's signature does not open this one.
        String other = recordedCall(api);
        String otherPath = servedPath(api.get(other).extract().path("recording_url"));
        given().get(otherPath.replace(other, id)).then().statusCode(404);
    }

    @Test
    void aCallWithoutARecordingHasNoLinkAndTheRuntimeHavingNoneIsNotFound() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        api.get(id).statusCode(200).body("recording_url", equalTo(null));
        TestDatabase.update("UPDATE calls SET recording_available = true WHERE id = ?", UUID.fromString(id));
        String link = api.get(id).extract().path("recording_url");
        given().get(servedPath(link)).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }
}
