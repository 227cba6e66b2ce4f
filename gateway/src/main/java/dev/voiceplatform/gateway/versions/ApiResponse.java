package dev.voiceplatform.gateway.versions;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/**
 * A whole response in the newest version's form, before it is written: status, end-to-end headers and body. Only
 * responses some transform rewrites, and those the idempotency store keeps, are held like this; others stream.
 */
public record ApiResponse(int status, MultiMap headers, Buffer body) {

    public String contentType() {
        return headers.get("Content-Type");
    }

    public ApiResponse withBody(Buffer newBody) {
        return new ApiResponse(status, headers, newBody);
    }
}
