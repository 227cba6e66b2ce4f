package dev.voiceplatform.numbers.carrier;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Set;

/** The service with a carrier adapter and a media layer, both scripted by the test. */
public class CarrierProfile implements QuarkusTestProfile {

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ScriptedNumberProvider.class, ScriptedMediaLayer.class);
    }
}
