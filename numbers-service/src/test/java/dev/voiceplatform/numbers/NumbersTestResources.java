package dev.voiceplatform.numbers;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Every test of this module runs against a real PostgreSQL database, a real Kafka broker and an agents stand-in. */
@QuarkusTestResource(value = PlatformTestResources.class, initArgs = @ResourceArg(name = "database", value = "numbers"))
@QuarkusTestResource(AgentsServiceStandIn.class)
public final class NumbersTestResources {

    private NumbersTestResources() {
    }
}
