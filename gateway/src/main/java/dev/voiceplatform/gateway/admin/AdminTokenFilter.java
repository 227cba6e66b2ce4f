package dev.voiceplatform.gateway.admin;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.BearerToken;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/** Lets an admin request through only with {@code Authorization: Bearer <platform.admin.token>}. */
@AdminApi
@Provider
public class AdminTokenFilter implements ContainerRequestFilter {

    // A client proxy: providers are built before runtime configuration exists, the token is read on first use.
    private final AdminToken adminToken;

    public AdminTokenFilter(AdminToken adminToken) {
        this.adminToken = adminToken;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        String presented = BearerToken.from(request.getHeaderString(HttpHeaders.AUTHORIZATION)).orElse(null);
        if (!adminToken.matches(presented)) {
            throw ApiException.of(ErrorCode.NOT_AUTHENTICATED, "The admin API needs the admin token")
                    .withHint("Send 'Authorization: Bearer <admin token>'.");
        }
    }
}
