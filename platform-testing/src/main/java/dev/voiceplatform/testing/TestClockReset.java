package dev.voiceplatform.testing;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InstanceHandle;
import io.quarkus.test.junit.callback.QuarkusTestAfterEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;

/**
 * Puts the {@link TestClock} of the running application back to real time after each {@code @QuarkusTest} method,
 * so tests stay independent of the order they run in. Registered as a Quarkus test callback (a service file), which
 * runs in the application's class loader and therefore reaches its container.
 */
public class TestClockReset implements QuarkusTestAfterEachCallback {

    @Override
    public void afterEach(QuarkusTestMethodContext context) {
        ArcContainer container = Arc.container();
        if (container == null || !container.isRunning()) {
            return;
        }
        InstanceHandle<TestClock> clock = container.instance(TestClock.class);
        if (clock.isAvailable()) {
            clock.get().reset();
        }
    }
}
