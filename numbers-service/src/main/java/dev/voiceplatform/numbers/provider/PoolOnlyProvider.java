package dev.voiceplatform.numbers.provider;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/** The local default: no carrier, so a country whose pool is empty has no number (503 NO_NUMBERS_AVAILABLE). */
@ApplicationScoped
public class PoolOnlyProvider implements NumberProvider {

    @Override
    public Uni<Optional<ProvidedNumber>> purchase(String country, UUID organizationId) {
        return Uni.createFrom().item(Optional.empty());
    }
}
