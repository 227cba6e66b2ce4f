package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.streams.ReadStream;

/**
 * Request bodies under a route's cap: the declared length is checked before a byte is read, and a body of unknown
 * length (chunked) is counted as it arrives and refused the moment it passes the cap, so no oversize body is ever
 * read whole.
 */
final class RequestBodies {

    private RequestBodies() {
    }

    /** The declared Content-Length, or -1 when there is none (chunked, or no body). */
    static long declaredLength(HttpServerRequest request) {
        String value = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (value == null) {
            return -1;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            // The HTTP codec refuses such a request before it gets here; counting still applies if it did not.
            return -1;
        }
    }

    static ApiException tooLarge(long cap) {
        return ApiException.of(ErrorCode.BODY_TOO_LARGE, "The body is larger than the " + cap + " bytes this request may send")
                .withDetail("max_bytes", cap);
    }

    /** Refuses, before reading, a body declared larger than {@code cap}. */
    static void checkDeclared(HttpServerRequest request, long cap) {
        if (declaredLength(request) > cap) {
            throw tooLarge(cap);
        }
    }

    /**
     * Reads the (paused) body whole, failing with 413 BODY_TOO_LARGE as soon as it passes {@code cap}. A caller
     * waiting for {@code 100 Continue} is told to send.
     */
    static Future<Buffer> readWhole(HttpServerRequest request, long cap) {
        Promise<Buffer> body = Promise.promise();
        if (request.isEnded()) {
            body.complete(Buffer.buffer());
            return body.future();
        }
        Buffer received = Buffer.buffer();
        capped(request, cap).handler(received::appendBuffer)
                .exceptionHandler(body::tryFail)
                .endHandler(ignored -> body.tryComplete(received));
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            request.response().writeContinue();
        }
        request.resume();
        return body.future();
    }

    /** The body as a stream that fails with 413 BODY_TOO_LARGE once more than {@code cap} bytes arrived. */
    static ReadStream<Buffer> capped(ReadStream<Buffer> source, long cap) {
        return new Capped(source, cap);
    }

    private static final class Capped implements ReadStream<Buffer> {

        private final ReadStream<Buffer> source;
        private final long cap;
        private long received;
        private boolean over;
        private Handler<Throwable> exceptionHandler;

        Capped(ReadStream<Buffer> source, long cap) {
            this.source = source;
            this.cap = cap;
        }

        @Override
        public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
            exceptionHandler = handler;
            source.exceptionHandler(handler);
            return this;
        }

        @Override
        public ReadStream<Buffer> handler(Handler<Buffer> handler) {
            if (handler == null) {
                source.handler(null);
                return this;
            }
            source.handler(chunk -> {
                if (over) {
                    return;
                }
                received += chunk.length();
                if (received > cap) {
                    over = true;
                    source.pause();
                    if (exceptionHandler != null) {
                        exceptionHandler.handle(tooLarge(cap));
                    }
                    return;
                }
                handler.handle(chunk);
            });
            return this;
        }

        @Override
        public ReadStream<Buffer> pause() {
            source.pause();
            return this;
        }

        @Override
        public ReadStream<Buffer> resume() {
            if (!over) {
                source.resume();
            }
            return this;
        }

        @Override
        public ReadStream<Buffer> fetch(long amount) {
            if (!over) {
                source.fetch(amount);
            }
            return this;
        }

        @Override
        public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
            source.endHandler(endHandler == null ? null : ended -> {
                if (!over) {
                    endHandler.handle(ended);
                }
            });
            return this;
        }
    }
}
