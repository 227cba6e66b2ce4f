package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PublicLocationTest {

    @Test
    void aServiceAddressBecomesThePublicPath() {
        assertEquals("/v1/agents/0197a1b2-0000-7000-8000-000000000001",
                ServiceForwarder.publicLocation("http://127.0.0.1:8081/agents/0197a1b2-0000-7000-8000-000000000001"));
        assertEquals("/v1/leads/1?x=y", ServiceForwarder.publicLocation("https://leads.internal:8443/leads/1?x=y"));
        assertEquals("/v1/agents/1", ServiceForwarder.publicLocation("/v1/agents/1"), "relative: nothing to hide");
    }

    @Test
    void whatCannotBeReadNamesNothingInternal() {
        assertEquals("/v1/", ServiceForwarder.publicLocation("http://[bad host/x"));
    }
}
