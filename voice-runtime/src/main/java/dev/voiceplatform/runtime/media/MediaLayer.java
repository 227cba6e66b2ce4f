package dev.voiceplatform.runtime.media;

import dev.voiceplatform.runtime.carrier.TestLine;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Closes the media of a line when a call is torn down. The local media layer is a simulator: it closes every line
 * except the test line that refuses teardown (a number ending 0005), so the calls service's handling of a failed
 * teardown can be tried.
 */
@ApplicationScoped
public class MediaLayer {

    /** Whether the media of the line to {@code personNumber} was released. */
    public boolean release(String personNumber) {
        return !TestLine.of(personNumber).refusesTeardown();
    }
}
