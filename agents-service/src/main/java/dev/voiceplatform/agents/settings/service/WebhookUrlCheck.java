package dev.voiceplatform.agents.settings.service;

import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.FieldError;
import dev.voiceplatform.common.outbound.OutboundRefusedException;
import dev.voiceplatform.common.outbound.OutboundUrlGuard;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a webhook URL is one the platform may deliver to (part 2.10), by the outbound guard, off the event
 * loop. A name that does not resolve now is accepted: there is no address to refuse yet, and every delivery
 * checks the address again before connecting.
 */
@ApplicationScoped
public class WebhookUrlCheck {

    private static final String FIELD = SettingsCatalog.WEBHOOK + ".url";

    private final OutboundUrlGuard guard;

    public WebhookUrlCheck(OutboundUrlGuard guard) {
        this.guard = guard;
    }

    /** Fails with the refusal the caller's endpoint gives the problem, when the URL has one; a null URL passes. */
    public Uni<Void> require(String url, Function<List<FieldError>, ApiException> answer) {
        return problem(url).invoke(found -> found.ifPresent(field -> {
            throw answer.apply(List.of(field));
        })).replaceWithVoid();
    }

    /** The problem with the URL, or empty when it may be saved; a null URL has none. */
    private Uni<Optional<FieldError>> problem(String url) {
        if (url == null) {
            return Uni.createFrom().item(Optional.empty());
        }
        return guard.check(url)
                .map(target -> Optional.<FieldError>empty())
                .onFailure(OutboundRefusedException.class).recoverWithItem(failure -> refusal(
                        (OutboundRefusedException) failure));
    }

    private static Optional<FieldError> refusal(OutboundRefusedException refused) {
        return switch (refused.reason()) {
            case UNRESOLVABLE -> Optional.empty();
            case FORBIDDEN_ADDRESS, REDIRECT_BLOCKED -> Optional.of(new FieldError(FIELD,
                    "must be a public address: " + refused.getMessage()));
            case INVALID_URL -> Optional.of(new FieldError(FIELD, "must be a public http or https URL: "
                    + refused.getMessage()));
        };
    }
}
