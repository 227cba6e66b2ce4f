package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Bodies the platform refuses before any field is read: one rule in platform-common, seen through a service. */
@QuarkusTest
class LeadBodyTest {

    @Test
    void aNulCharacterIsAValidationErrorNamingTheFieldAndNothingIsStored() {
        LeadApi api = LeadApi.newOrganization();
        String body = "{\"name\": \"Dana\\u0000Levi\", \"phone\": \"+972502345678\", \"agent_id\": \"" + api.agentId()
                + "\"}";
        api.request().body(body).post("/leads").then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("name"));
        api.request().get("/leads").then().statusCode(200).body("pagination.total", equalTo(0));
    }

    @Test
    void trailingGarbageAfterTheDocumentIsAnInvalidRequest() {
        LeadApi api = LeadApi.newOrganization();
        String lead = "{\"name\": \"Dana\", \"phone\": \"+972502345678\", \"agent_id\": \"" + api.agentId() + "\"}";
        api.request().body(lead + lead).post("/leads").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        api.request().get("/leads").then().statusCode(200).body("pagination.total", equalTo(0));
    }

    @Test
    void overlongUtf8IsAnInvalidRequest() {
        LeadApi api = LeadApi.newOrganization();
        byte[] prefix = "{\"name\": \"Dana".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = ("\", \"phone\": \"+972502345678\", \"agent_id\": \"" + api.agentId() + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[prefix.length + 2 + suffix.length];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        body[prefix.length] = (byte) 0xC1;
        body[prefix.length + 1] = (byte) 0x81;
        System.arraycopy(suffix, 0, body, prefix.length + 2, suffix.length);
        api.request().body(body).post("/leads").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
    }
}
