package dev.voiceplatform.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.config.HeaderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.util.UUID;

/** Requests to the running gateway: the public API under {@code /v1} and the admin API beside it. */
public final class Gateway {

    private Gateway() {
    }

    /** The current served version; code is written against it, older versions are transforms at the gateway. */
    public static final String CURRENT_VERSION = "2026-08-06";

    /**
     * A public API request without a key, pinned to the current version, so errors come in the envelope of part 7.
     * A later {@code header("Service-Version", ...)} replaces the pin instead of adding a second value.
     */
    public static RequestSpecification anonymous() {
        return unpinned().header("Service-Version", CURRENT_VERSION);
    }

    /** A public API request with the key in {@code Authorization: Bearer}, pinned to the current version. */
    public static RequestSpecification withKey(String key) {
        return anonymous().header("Authorization", "Bearer " + key);
    }

    /** A public API request that sends no Service-Version: the gateway pins it to the oldest served version. */
    public static RequestSpecification unpinned() {
        URI base = E2ePlatform.get().baseUrl();
        return given()
                .config(RestAssuredConfig.config().headerConfig(HeaderConfig.headerConfig()
                        .overwriteHeadersWithName("Content-Type", "Accept", "Service-Version")))
                .baseUri(base.getScheme() + "://" + base.getAuthority())
                .basePath(base.getPath())
                .contentType(ContentType.JSON)
                .accept(ContentType.JSON);
    }

    /** {@link #unpinned()} with the key in {@code Authorization: Bearer}. */
    public static RequestSpecification unpinnedWithKey(String key) {
        return unpinned().header("Authorization", "Bearer " + key);
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
