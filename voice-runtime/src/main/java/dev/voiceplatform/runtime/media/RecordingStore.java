package dev.voiceplatform.runtime.media;

import io.smallrye.mutiny.Uni;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Where the media layer keeps call recordings. */
public interface RecordingStore {

    /** Keeps the recording of a call that lasted {@code length}; true once it can be read. */
    Uni<Boolean> store(UUID callId, Duration length, List<RecordedTurn> turns);

    /** The recording of the call, when one was kept (a blocking look at storage: call it off the event loop). */
    Optional<Recording> find(UUID callId);

    /** A kept recording: where it is and how many bytes it has. */
    record Recording(Path file, long size) {
    }
}
