package dev.voiceplatform.calls.call.rest;

import dev.voiceplatform.calls.call.service.RecordingService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The recording behind a signed link (part 2.5). Reached without a key: the gateway forwards it keyless, and the
 * signature in the link is what authorizes it.
 */
@Path("/calls/{id}/recording")
public class RecordingResource {

    static final String WAV = "audio/wav";

    private final RecordingService service;

    public RecordingResource(RecordingService service) {
        this.service = service;
    }

    @GET
    @PermitAll
    @Produces(WAV)
    public Uni<RestResponse<byte[]>> get(@RestPath String id, @RestQuery String expires, @RestQuery String signature) {
        return service.recording(id, expires, signature).map(wav -> RestResponse.ResponseBuilder.ok(wav.getBytes(), WAV)
                .header("Cache-Control", "private, no-store")
                .build());
    }
}
