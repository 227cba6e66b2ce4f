package dev.voiceplatform.calls.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Settings of the calls service. */
@ConfigMapping(prefix = "platform.calls")
public interface CallsConfig {

    /**
     * The region (ISO 3166 code) a phone number in national form is read in; numbers in international form
     * ({@code +} or {@code 00}) need none.
     */
    @WithDefault("US")
    String defaultPhoneRegion();

    /** The public API base address recording links are made under, such as {@code http://127.0.0.1:8080/v1}. */
    @WithDefault("http://127.0.0.1:8080/v1")
    String publicBaseUrl();

    /**
     * The secret recording links are signed with (HMAC-SHA256). Without it a call's stored recording address is
     * answered unsigned and the public recording route refuses every request.
     */
    Optional<String> recordingSigningSecret();

    /** How long a signed recording link stays valid, from the request that made it (part 8: 24 hours). */
    @WithDefault("24h")
    Duration recordingLinkValidity();

    /** A second call of the same agent to the same number within this is refused as a duplicate (part 8). */
    @WithDefault("30s")
    Duration duplicateGuard();

    /** Outbound calls one API key may place per UTC day (part 8). */
    @WithDefault("50")
    int keyDailyLimit();

    /** What the organization's rate-limit tier allows, by tier name (free, standard, premium). */
    Map<String, TierLimits> tiers();

    /** The tier of an organization whose tier this service has not yet seen (for inbound calls). */
    @WithDefault("free")
    String defaultTier();

    /** At most this many creates of one organization hold a database connection at a time in this replica. */
    @WithDefault("2")
    int createsInFlightPerOrganization();

    /** How long the voice runtime may take to answer a dial or teardown before the outcome counts as unknown. */
    @WithDefault("5s")
    Duration runtimeTimeout();

    /** How long connecting to the voice runtime may take. */
    @WithDefault("2s")
    Duration runtimeConnectTimeout();

    /** How often calls left initiating are looked for. */
    @WithDefault("30s")
    Duration sweepEvery();

    /** A call still initiating this long after it was placed, with no word from the runtime, is failed. */
    @WithDefault("5m")
    Duration unansweredDialLimit();

    /** Call limits of one rate-limit tier. */
    interface TierLimits {

        /** Outbound calls the organization may place per UTC day. */
        int callsPerDay();

        /** Outbound calls the organization may place per UTC month. */
        int callsPerMonth();

        /** Outbound calls of the organization live at once. */
        int concurrentCalls();

        /** Inbound calls of the organization live at once; past it a new inbound call is refused. */
        int inboundConcurrentCalls();
    }
}
