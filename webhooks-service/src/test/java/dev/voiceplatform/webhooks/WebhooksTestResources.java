package dev.voiceplatform.webhooks;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Every test of this module runs against a real PostgreSQL database and a real Kafka broker. */
@QuarkusTestResource(value = PlatformTestResources.class, initArgs = @ResourceArg(name = "database", value = "webhooks"))
@QuarkusTestResource(AgentsServiceStandIn.class)
public final class WebhooksTestResources {

    private WebhooksTestResources() {
    }
}
