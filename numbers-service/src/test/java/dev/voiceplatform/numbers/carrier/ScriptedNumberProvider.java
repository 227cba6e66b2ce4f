package dev.voiceplatform.numbers.carrier;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.numbers.provider.NumberProvider;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.Optional;
import java.util.UUID;

/**
 * A carrier adapter that answers as the test scripts it: nothing, a number, or one of the two carrier failures.
 * Enabled only by {@link CarrierProfile}.
 */
@Alternative
@ApplicationScoped
public class ScriptedNumberProvider implements NumberProvider {

    public static final String SOURCE = "scripted-carrier";
    private static volatile String next;
    private static volatile ErrorCode failure;
    private static volatile int calls;

    /** The next purchases answer nothing. */
    public static void hasNothing() {
        next = null;
        failure = null;
    }

    /** The next purchases buy this number. */
    public static void sells(String phoneNumber) {
        next = phoneNumber;
        failure = null;
    }

    /** The next purchases fail with PROVIDER_ERROR or PROVIDER_PURCHASE_FAILED. */
    public static void fails(ErrorCode code) {
        next = null;
        failure = code;
    }

    public static int calls() {
        return calls;
    }

    @Override
    public Uni<Optional<ProvidedNumber>> purchase(String country, UUID organizationId) {
        calls++;
        if (failure != null) {
            return Uni.createFrom().failure(ApiException.of(failure, "The scripted carrier refused"));
        }
        return Uni.createFrom().item(Optional.ofNullable(next).map(number -> new ProvidedNumber(number, SOURCE)));
    }
}
