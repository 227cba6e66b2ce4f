package dev.voiceplatform.agents.agent.rest;

import io.restassured.response.ValidatableResponse;
import java.util.Map;

/** GET and PATCH /agents/:id/config as one organization's key makes them. */
final class ConfigApi {

    private final AgentApi api;

    ConfigApi(AgentApi api) {
        this.api = api;
    }

    ValidatableResponse get(String id) {
        return api.request().get("/agents/" + id + "/config").then();
    }

    ValidatableResponse patch(String id, Map<String, ?> body) {
        return api.request().body(body).patch("/agents/" + id + "/config").then();
    }

    ValidatableResponse patch(String id, String ifMatch, Map<String, ?> body) {
        return api.request().header("If-Match", ifMatch).body(body).patch("/agents/" + id + "/config").then();
    }

    /** The config object as read now. */
    Map<String, Object> config(String id) {
        return get(id).statusCode(200).extract().path("config");
    }
}
