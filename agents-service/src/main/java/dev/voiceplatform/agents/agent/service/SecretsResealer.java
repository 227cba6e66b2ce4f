package dev.voiceplatform.agents.agent.service;

import dev.voiceplatform.agents.agent.repository.AgentRepository;
import dev.voiceplatform.agents.agent.repository.AgentRepository.StoredSecrets;
import dev.voiceplatform.common.crypto.CryptoConfig;
import dev.voiceplatform.common.crypto.SecretSealer;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Brings every agent's credentials under the current key, in the background after start: values stored in plain
 * text before sealing existed, and values sealed under a key that is no longer current. Once it has run with a new
 * current key, the old key opens nothing any more and can be removed from the configuration. Rows are taken in
 * batches, each written only if unchanged since it was read, so replicas starting together and saves in between do
 * no harm.
 */
@ApplicationScoped
public class SecretsResealer {

    private static final Logger LOG = Logger.getLogger(SecretsResealer.class);
    static final int BATCH = 100;
    private static final UUID BEFORE_EVERY_ID = new UUID(0L, 0L);

    private final Pool pool;
    private final AgentRepository agents;
    private final SecretSealer sealer;
    private final CryptoConfig config;

    public SecretsResealer(Pool pool, AgentRepository agents, SecretSealer sealer, CryptoConfig config) {
        this.pool = pool;
        this.agents = agents;
        this.sealer = sealer;
        this.config = config;
    }

    void onStart(@Observes StartupEvent started) {
        if (!config.resealAtStart()) {
            return;
        }
        resealAll().subscribe().with(
                resealed -> {
                    if (resealed > 0) {
                        LOG.infof("Credentials of %d agents sealed under key '%s'", resealed, sealer.currentKeyId());
                    }
                },
                failure -> LOG.warnf("Credentials not re-sealed under key '%s': %s", sealer.currentKeyId(),
                        failure.toString()));
    }

    /**
     * Re-seals every agent whose credentials need it; answers how many were written. An agent whose credentials do
     * not open (sealed under a key no longer configured) is logged by id and left as it is.
     */
    public Uni<Integer> resealAll() {
        return resealAfter(BEFORE_EVERY_ID, 0);
    }

    private Uni<Integer> resealAfter(UUID afterId, int resealedSoFar) {
        return agents.secretsNeedingResealing(pool, afterId, BATCH).chain(batch -> {
            if (batch.isEmpty()) {
                return Uni.createFrom().item(resealedSoFar);
            }
            return resealEach(batch).chain(resealed -> batch.size() < BATCH
                    ? Uni.createFrom().item(resealedSoFar + resealed)
                    : resealAfter(batch.get(batch.size() - 1).id(), resealedSoFar + resealed));
        });
    }

    private Uni<Integer> resealEach(List<StoredSecrets> batch) {
        return Multi.createFrom().iterable(batch)
                .onItem().transformToUniAndConcatenate(found -> agents.reseal(pool, found)
                        .onFailure().recoverWithItem(failure -> {
                            // The reason and the ids only: the failure never carries a credential.
                            LOG.warnf("Credentials of agent %s not re-sealed: %s", found.id(), failure.getMessage());
                            return false;
                        }))
                .filter(Boolean::booleanValue)
                .collect().with(Collectors.counting())
                .map(Long::intValue);
    }
}
