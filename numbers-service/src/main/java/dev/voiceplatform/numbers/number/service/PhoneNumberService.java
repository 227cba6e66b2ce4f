package dev.voiceplatform.numbers.number.service;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.numbers.config.NumbersConfig;
import dev.voiceplatform.numbers.number.PhoneNumber;
import dev.voiceplatform.numbers.number.repository.PhoneNumberRepository;
import dev.voiceplatform.numbers.provider.NumberProvider;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Acquiring and listing numbers (part 4.6). An acquisition is one transaction under a platform-wide lock: the
 * organization's count, the platform cap and taking a number from the pool (or buying one) are decided together,
 * and any refusal or provider failure leaves nothing reserved.
 */
@ApplicationScoped
public class PhoneNumberService {

    /** Part 8: one self-serve number per organization. */
    static final int NUMBERS_PER_ORGANIZATION = 1;
    /** The rate-limit tier of the trial plan; every other tier belongs to a paid plan. */
    static final String TRIAL_TIER = "free";

    private final Pool pool;
    private final PhoneNumberRepository numbers;
    private final NumberProvider provider;
    private final NumbersConfig config;
    private final Clock clock;

    public PhoneNumberService(Pool pool, PhoneNumberRepository numbers, NumberProvider provider, NumbersConfig config,
            Clock clock) {
        this.pool = pool;
        this.numbers = numbers;
        this.provider = provider;
        this.config = config;
        this.clock = clock;
    }

    public Uni<List<PhoneNumber>> list(Tenant tenant) {
        return numbers.held(pool, tenant.organizationId());
    }

    /** Gives the organization a number of {@code requestedCountry}. */
    public Uni<PhoneNumber> acquire(Tenant tenant, String requestedCountry) {
        if (!config.acquisitionEnabled()) {
            throw ApiException.of(ErrorCode.ACQUISITION_DISABLED, "Phone number acquisition is switched off");
        }
        requirePaidPlan(tenant.plan());
        String country = supportedCountry(requestedCountry);
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> numbers.lockAcquisitions(tx)
                .chain(() -> numbers.held(tx, organizationId))
                .chain(held -> {
                    if (held.size() >= NUMBERS_PER_ORGANIZATION) {
                        PhoneNumber existing = held.get(0);
                        return Uni.createFrom().failure(ApiException.of(ErrorCode.ORG_NUMBER_LIMIT_REACHED,
                                        "The organization already holds " + existing.phoneNumber())
                                .withDetail("phone_number_id", existing.id())
                                .withDetail("phone_number", existing.phoneNumber()));
                    }
                    return numbers.countHeld(tx);
                })
                .chain(held -> {
                    if (held >= config.platformCap()) {
                        return Uni.createFrom().failure(ApiException.of(ErrorCode.PLATFORM_NUMBER_CAPACITY_REACHED,
                                "The platform holds as many numbers as it may"));
                    }
                    return numbers.takeFromPool(tx, country, organizationId, DbTime.now(clock));
                })
                .chain(taken -> taken != null ? Uni.createFrom().item(taken) : purchase(tx, country, organizationId)));
    }

    private Uni<PhoneNumber> purchase(SqlClient tx, String country, UUID organizationId) {
        return provider.purchase(country, organizationId).chain(bought -> bought
                .map(number -> numbers.insertPurchased(tx, number.phoneNumber(), country, number.source(),
                        organizationId, DbTime.now(clock)))
                .orElseGet(() -> Uni.createFrom().failure(ApiException.of(ErrorCode.NO_NUMBERS_AVAILABLE,
                        "No " + country + " number is available right now"))));
    }

    /** Acquisition needs a paid plan (not the trial's tier) on an active account. */
    private void requirePaidPlan(PlanFacts plan) {
        if (TRIAL_TIER.equals(plan.tier()) || !plan.accountActive()) {
            throw ApiException.of(ErrorCode.SUBSCRIPTION_REQUIRED, TRIAL_TIER.equals(plan.tier())
                            ? "Acquiring a phone number needs a paid plan"
                            : "Acquiring a phone number needs an active account; this one is " + plan.accountStatus())
                    .withDetail("current_tier", plan.tier())
                    .withDetail("account_status", plan.accountStatus())
                    .withDetail("upgrade_url", config.upgradeUrl());
        }
    }

    private String supportedCountry(String requested) {
        String country = requested.strip().toUpperCase(Locale.ROOT);
        if (config.countries().stream().noneMatch(country::equalsIgnoreCase)) {
            throw ApiException.of(ErrorCode.COUNTRY_NOT_SUPPORTED, "Numbers are not offered in '" + requested + "'")
                    .withHint("Use one of " + String.join(", ", config.countries()) + ".")
                    .withDetail("supported_countries", config.countries());
        }
        return country;
    }

}
