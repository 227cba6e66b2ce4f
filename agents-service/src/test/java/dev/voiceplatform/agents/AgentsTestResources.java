package dev.voiceplatform.agents;

import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every test of this module runs against a real PostgreSQL database, a real Kafka broker and a stand-in for the
 * numbers service.
 */
@QuarkusTestResource(value = PlatformTestResources.class,
        initArgs = @ResourceArg(name = "database", value = "agents"))
@QuarkusTestResource(NumbersServiceStandIn.class)
public final class AgentsTestResources {

    private AgentsTestResources() {
    }
}
