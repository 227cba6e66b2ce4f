package dev.voiceplatform.gateway.support;

import dev.voiceplatform.testing.PlatformTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** What every gateway test runs against: a real PostgreSQL database of its own, and a port for the stub service. */
@QuarkusTestResource(value = PlatformTestResources.class, initArgs = {
        @ResourceArg(name = "database", value = "gateway"),
        @ResourceArg(name = "kafka", value = "false") })
@QuarkusTestResource(UpstreamPort.class)
public final class GatewayTestResources {

    private GatewayTestResources() {
    }
}
