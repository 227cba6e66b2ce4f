package dev.voiceplatform.calls.call.service;

import dev.voiceplatform.calls.call.repository.CallRepository;
import dev.voiceplatform.calls.runtime.VoiceRuntime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * Serves a recording to whoever holds a valid signed link: no key, the signature is the credential. Every refusal (no
 * such call, a link altered, expired or never signed, no recording) is the same 404, so a link reveals nothing of what
 * exists.
 */
@ApplicationScoped
public class RecordingService {

    private final Pool pool;
    private final CallRepository calls;
    private final RecordingLinks links;
    private final VoiceRuntime runtime;

    public RecordingService(Pool pool, CallRepository calls, RecordingLinks links, VoiceRuntime runtime) {
        this.pool = pool;
        this.calls = calls;
        this.links = links;
        this.runtime = runtime;
    }

    /** The WAV bytes of the call's recording. */
    public Uni<Buffer> recording(String rawId, String expires, String signature) {
        UUID callId = dev.voiceplatform.common.api.Ids.parseOrNull(rawId);
        if (callId == null || !links.valid(callId, expires, signature)) {
            return Uni.createFrom().failure(notFound());
        }
        return calls.findSigned(pool, callId).chain(call -> {
            if (call == null || !call.recordingAvailable()) {
                throw notFound();
            }
            if (!runtime.configured()) {
                throw ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "Recordings cannot be reached right now");
            }
            return runtime.recording(call.organizationId(), callId).map(recording -> {
                if (recording instanceof VoiceRuntime.Recording.Found found) {
                    return found.wav();
                }
                if (recording instanceof VoiceRuntime.Recording.None) {
                    throw notFound();
                }
                throw ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "Recordings cannot be reached right now");
            });
        });
    }

    private static ApiException notFound() {
        return ApiException.notFound("Recording");
    }
}
