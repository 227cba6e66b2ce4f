package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.error.ApiException;

/**
 * A forward that got no answer: the error to send the caller, and whether the service may have received the request
 * (and acted on it) though its answer never came, so its outcome is unknown.
 */
record ForwardFailure(ApiException error, boolean outcomeUnknown) {
}
