package dev.voiceplatform.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.util.UUID;

/** Requests to the running gateway: the public API under {@code /v1} and the admin API beside it. */
public final class Gateway {

    private Gateway() {
    }

    /** A public API request without a key. */
    public static RequestSpecification anonymous() {
        URI base = E2ePlatform.get().baseUrl();
        return given()
                .baseUri(base.getScheme() + "://" + base.getAuthority())
                .basePath(base.getPath())
                .contentType(ContentType.JSON)
                .accept(ContentType.JSON);
    }

    /** A public API request with the key in {@code Authorization: Bearer}. */
    public static RequestSpecification withKey(String key) {
        return anonymous().header("Authorization", "Bearer " + key);
    }

    /** An admin API request with the platform's admin token. */
    public static RequestSpecification admin() {
        E2ePlatform platform = E2ePlatform.get();
        return given()
                .baseUri(platform.gatewayUrl().toString())
                .header("Authorization", "Bearer " + platform.adminToken())
                .contentType(ContentType.JSON)
                .accept(ContentType.JSON);
    }

    /** A name no earlier run used, since the platform's database outlives a test run. */
    public static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
