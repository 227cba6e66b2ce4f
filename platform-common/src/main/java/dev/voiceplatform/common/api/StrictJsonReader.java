package dev.voiceplatform.common.api;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Puts every JSON request body of every service through {@link StrictJson} before the endpoint's reader sees it.
 * Bodies are already in memory when a reactive endpoint reads them (and capped by the gateway), so reading
 * them twice costs a parse, not a wait.
 */
@Provider
public class StrictJsonReader implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type == null || !isJson(type)) {
            return context.proceed();
        }
        byte[] body = context.getInputStream().readAllBytes();
        StrictJson.check(body);
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }

    private static boolean isJson(MediaType type) {
        return "application".equals(type.getType())
                && ("json".equals(type.getSubtype()) || type.getSubtype().endsWith("+json"));
    }
}
