package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.oneOf;

import java.util.List;
import org.junit.jupiter.api.Test;

/** GET /me (part 2.2) and what the gateway answers for a route it does not serve. */
class IntrospectionTest {

    @Test
    void meDescribesTheKeyThatCalled() {
        TestOrganization organization = TestOrganization.create("e2e-me");
        String key = organization.createKey(List.of("agents:read", "leads:read")).key();

        withKey(key)
                .get("/me")
                .then().statusCode(200)
                .body("key_id", not(emptyOrNullString()))
                .body("key_name", equalTo("e2e"))
                .body("organization_id", equalTo(organization.id()))
                .body("scopes", containsInAnyOrder("agents:read", "leads:read"))
                .body("rate_limit_tier", oneOf("free", "standard", "premium"))
                .body("daily_call_limit", equalTo(50))
                .body("daily_calls_used", greaterThanOrEqualTo(0));
    }

    @Test
    void theDemoKeyOfPlatformUpHoldsEveryScope() {
        withKey(E2ePlatform.get().apiKey())
                .get("/me")
                .then().statusCode(200)
                .body("scopes", containsInAnyOrder(TestOrganization.ALL_SCOPES.toArray()));
    }

    @Test
    void anUnknownRouteIsNotFoundInTheErrorEnvelope() {
        withKey(E2ePlatform.get().apiKey())
                .get("/no-such-resource")
                .then().statusCode(404)
                .header("Service-Version", not(emptyOrNullString()))
                .body("error.code", is("NOT_FOUND"))
                .body("error.message", not(emptyOrNullString()));
    }
}
