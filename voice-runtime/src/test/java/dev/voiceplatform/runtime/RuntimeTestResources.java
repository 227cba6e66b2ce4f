package dev.voiceplatform.runtime;

import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every test of this module runs against a real PostgreSQL database and a real Kafka broker, with stand-ins for
 * the agents, numbers, leads and calls services.
 */
@QuarkusTestResource(value = PlatformTestResources.class, initArgs = @ResourceArg(name = "database", value = "runtime"))
@QuarkusTestResource(AgentsStandIn.class)
@QuarkusTestResource(NumbersStandIn.class)
@QuarkusTestResource(LeadsStandIn.class)
@QuarkusTestResource(CallsStandIn.class)
public final class RuntimeTestResources {

    private RuntimeTestResources() {
    }
}
