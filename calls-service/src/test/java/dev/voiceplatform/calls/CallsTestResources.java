package dev.voiceplatform.calls;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every test of this module runs against a real PostgreSQL database and a real Kafka broker, with stand-ins for the
 * agents service and the voice runtime.
 */
@QuarkusTestResource(value = PlatformTestResources.class, initArgs = @ResourceArg(name = "database", value = "calls"))
@QuarkusTestResource(AgentsServiceStandIn.class)
@QuarkusTestResource(RuntimeStandIn.class)
public final class CallsTestResources {

    private CallsTestResources() {
    }
}
