package dev.voiceplatform.gateway.versions;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/** The parts of a request a version change may rewrite: the headers forwarded to the service and the whole body. */
public record ApiRequest(MultiMap headers, Buffer body) {
}
