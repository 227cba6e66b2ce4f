package dev.voiceplatform.runtime.media;

import dev.voiceplatform.runtime.config.RuntimeConfig;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The local media layer's recordings: WAV files (8 kHz, 16-bit, mono PCM) under {@code platform.runtime.recordings-dir}.
 * The local carrier carries no audio, so the file is a simulation rendered at the end of the call from the turn
 * timings: a tone per turn (the agent's between 400 and 480 Hz, the person's between 600 and 680 Hz, a little
 * higher each turn), silence between turns, as long as the call was. Samples are streamed to disk as they are made,
 * never held in memory, on a worker thread; the file appears under its name only once complete.
 */
@ApplicationScoped
public class SimulatedRecordingStore implements RecordingStore {

    private static final double AMPLITUDE = 0.3 * Short.MAX_VALUE;
    private static final Duration PER_WORD = Duration.ofMillis(300);
    private static final Duration GAP_BEFORE_NEXT_TURN = Duration.ofMillis(100);

    private final Path directory;

    public SimulatedRecordingStore(RuntimeConfig config) {
        this.directory = Path.of(config.recordingsDir());
    }

    @Override
    public Uni<Boolean> store(UUID callId, Duration length, List<RecordedTurn> turns) {
        return Uni.createFrom().item(() -> {
            write(callId, length, turns);
            return true;
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    @Override
    public Optional<Recording> find(UUID callId) {
        Path file = file(callId);
        try {
            return Files.isRegularFile(file) ? Optional.of(new Recording(file.toAbsolutePath(), Files.size(file)))
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("the recording of call " + callId + " could not be read", e);
        }
    }

    private Path file(UUID callId) {
        return directory.resolve(callId + ".wav");
    }

    private void write(UUID callId, Duration length, List<RecordedTurn> turns) {
        long samples = length.toMillis() * WavFormat.SAMPLE_RATE / 1000;
        try {
            Files.createDirectories(directory);
            Path partial = directory.resolve(callId + ".wav.partial");
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 64 * 1024)) {
                out.write(WavFormat.header(samples * WavFormat.BYTES_PER_SAMPLE));
                long[] toneStart = new long[turns.size()];
                long[] toneEnd = new long[turns.size()];
                for (int i = 0; i < turns.size(); i++) {
                    Duration start = turns.get(i).offset();
                    Duration sound = PER_WORD.multipliedBy(Math.max(1, turns.get(i).words()));
                    if (i + 1 < turns.size()) {
                        Duration room = turns.get(i + 1).offset().minus(start).minus(GAP_BEFORE_NEXT_TURN);
                        sound = room.compareTo(sound) < 0 ? room : sound;
                    }
                    toneStart[i] = sampleAt(start);
                    toneEnd[i] = toneStart[i] + Math.max(0, sampleAt(sound));
                }
                int turn = 0;
                for (long sample = 0; sample < samples; sample++) {
                    while (turn < turns.size() && sample >= toneEnd[turn]) {
                        turn++;
                    }
                    short value = 0;
                    if (turn < turns.size() && sample >= toneStart[turn]) {
                        double frequency = (turns.get(turn).agent() ? 400 : 600) + 20 * (turn % 5);
                        value = (short) (AMPLITUDE * Math.sin(2 * Math.PI * frequency * sample / WavFormat.SAMPLE_RATE));
                    }
                    out.write(value & 0xFF);
                    out.write((value >> 8) & 0xFF);
                }
            }
            Files.move(partial, file(callId), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("the recording of call " + callId + " could not be written", e);
        }
    }

    private static long sampleAt(Duration offset) {
        return offset.toMillis() * WavFormat.SAMPLE_RATE / 1000;
    }
}
