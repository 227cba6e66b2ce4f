package dev.voiceplatform.numbers.provider;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import java.util.UUID;

/**
 * Where numbers come from when the local pool of a country is empty: a carrier adapter buys one. The platform runs
 * with {@link PoolOnlyProvider} until an adapter is added.
 */
public interface NumberProvider {

    /**
     * Buys a number of {@code country} for the organization. Empty when the provider has none to offer; a failure is
     * an {@code ApiException} with PROVIDER_ERROR (the carrier could not be asked or refused) or
     * PROVIDER_PURCHASE_FAILED (the purchase itself failed). Called inside the acquisition transaction, so a failure
     * leaves nothing reserved.
     */
    Uni<Optional<ProvidedNumber>> purchase(String country, UUID organizationId);

    /** A number the provider bought: E.164, and the provider's name, kept as the number's source. */
    record ProvidedNumber(String phoneNumber, String source) {
    }
}
