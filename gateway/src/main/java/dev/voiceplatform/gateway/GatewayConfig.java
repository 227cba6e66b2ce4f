package dev.voiceplatform.gateway;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.time.Duration;
import java.util.Optional;

/**
 * Settings of the gateway. One mapping per prefix: a mapping rooted at {@code platform} would claim, and refuse as
 * unknown, the keys other parts of the platform read ({@code platform.jwt.*}, {@code platform.outbox.*}).
 */
public final class GatewayConfig {

    private GatewayConfig() {
    }

    /** This replica among the gateway's replicas. */
    @ConfigMapping(prefix = "platform.gateway")
    public interface Replica {

        /**
         * This replica's id, the same across its restarts and different from every other replica's: its idempotency
         * claims carry it, so at start it can tell the claims it held when it died from a live replica's. Unset: this
         * host's name and the HTTP port.
         */
        Optional<String> replicaId();
    }

    /** The operator's admin API under {@code /admin}. */
    @ConfigMapping(prefix = "platform.admin")
    public interface Admin {

        /**
         * Bearer token that authorises every {@code /admin} request (env {@code PLATFORM_ADMIN_TOKEN}); no default,
         * at least 16 characters, never logged.
         */
        @Size(min = 16, message = "must be at least 16 characters")
        String token();
    }

    /** How requests are forwarded to the services. */
    @ConfigMapping(prefix = "platform.forwarding")
    public interface Forwarding {

        /** Time allowed to open a connection to a service; past it the caller gets 503 SERVICE_UNAVAILABLE. */
        @WithDefault("5s")
        Duration connectTimeout();

        /**
         * Time a service of an ordinary route may stay silent (before its answer begins, and between the pieces of
         * it); past it the caller gets 503 SERVICE_UNAVAILABLE when no answer began, a cut connection otherwise.
         * Ordinary routes read and write stored resources, which takes milliseconds.
         */
        @WithDefault("5s")
        Duration ordinaryTimeout();

        /** The same for the drafting wizards, which wait on a language model (up to about a minute). */
        @WithDefault("75s")
        Duration draftingTimeout();

        /**
         * The same for file uploads. It runs from the moment the request is sent on, so the caller's upload itself
         * must fit in it too.
         */
        @WithDefault("30s")
        Duration uploadTimeout();

        /** Keep-alive connections pooled per service. */
        @WithDefault("100")
        @Min(1)
        int maxConnectionsPerService();
    }

    /** The gateway's databases: keys and organizations, rate-limit counters, idempotency records. */
    @ConfigMapping(prefix = "platform.stores")
    public interface Stores {

        /** Time allowed to open a connection to a database; past it the statement fails (the caller gets a 503). */
        @WithDefault("2s")
        Duration connectTimeout();

        /**
         * Longest a public request waits on a database before it is answered 503 (SERVICE_UNAVAILABLE, or the
         * store's own code). Statements take milliseconds; this only bounds a database that takes connections and
         * then says nothing.
         */
        @WithDefault("5s")
        Duration requestTimeout();

        /** Longest the readiness check waits for each database to answer {@code SELECT 1}. */
        @WithDefault("1s")
        Duration readinessTimeout();
    }

    /** API keys. */
    @ConfigMapping(prefix = "platform.keys")
    public interface Keys {

        /**
         * Active keys (neither revoked nor expired, AI-client keys included) an organization may hold (part 8 bounds
         * them without a value). Past it a new key is refused with 402 PLAN_LIMIT_REACHED until one is revoked.
         */
        @WithDefault("100")
        @Min(1)
        int maxActivePerOrganization();
    }

    /** The gateway's memory of key lookups (see {@code CredentialCache}). */
    @ConfigMapping(prefix = "platform.credential-cache")
    public interface CredentialCache {

        /** Off makes every request look its key up in the database. */
        @WithDefault("true")
        boolean enabled();

        /**
         * The longest a looked-up key is used without asking the database again. Change notices normally end it at
         * once; this bounds what a notice lost in a way the listener cannot see could cost.
         */
        @WithDefault("10s")
        Duration maxAge();

        /**
         * Entries kept (at least 1); past it the cache starts afresh, so a flood of distinct keys cannot grow it
         * without end.
         */
        @WithDefault("10000")
        int maxEntries();
    }

    /**
     * What the gateway accepts of a request's head. The HTTP decoder's own limits ({@code quarkus.http.limits.*})
     * are set above these, so a request past them still reaches the gateway and is refused in the error envelope
     * (414 or 431) instead of by the decoder with an empty answer.
     */
    @ConfigMapping(prefix = "platform.request-head")
    public interface RequestHead {

        /** Longest request line (method, target and version, as the decoder counts it). */
        @WithDefault("4096")
        @Min(1)
        int maxInitialLineLength();

        /** Largest header block (each header's name, ": " and value, summed). */
        @WithDefault("20480")
        @Min(1)
        int maxHeaderSize();
    }
}
