package dev.voiceplatform.runtime.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Settings of the voice runtime. */
@ConfigMapping(prefix = "platform.runtime")
public interface RuntimeConfig {

    /** Where the local media layer keeps recordings (one WAV file per call). */
    @WithDefault(".platform/recordings")
    String recordingsDir();

    /** What an answered second costs, in US dollars (0.09 per minute); never-answered calls cost nothing. */
    @WithDefault("0.0015")
    BigDecimal costPerSecond();

    /** The local carrier: a simulated telephone network. */
    Carrier carrier();

    /** Reporting captured leads to the leads service. */
    Leads leads();

    /** An OpenAI-compatible chat endpoint; without a base URL the built-in deterministic engine speaks. */
    Model model();

    interface Carrier {

        /**
         * How often live calls are looked at: each call is a small state machine whose next step is due at an
         * instant of the platform clock, and one sweep takes every due step (no thread or timer per call).
         */
        @WithDefault("200ms")
        Duration tick();

        /** How long a line rings before it is answered, found busy or refused. */
        @WithDefault("2s")
        Duration ringTime();

        /** How long a line nobody answers rings before the call ends missed. */
        @WithDefault("30s")
        Duration noAnswerTime();

        /**
         * The pause between two turns of a conversation; the simulated person's whole conversation (about eight
         * turns) takes about ten seconds at the default.
         */
        @WithDefault("1200ms")
        Duration turnPace();
    }

    interface Leads {

        /** Waits between attempts to report a lead; the report is idempotent per call, so repeats are harmless. */
        @WithDefault("1s,2s,5s,10s,30s,60s")
        List<Duration> retrySchedule();
    }

    interface Model {

        /** Base URL of the chat endpoint ({@code <base>/chat/completions}); absent: the built-in engine. */
        Optional<URI> baseUrl();

        /** Bearer key of the endpoint; never logged. */
        Optional<String> apiKey();

        /** Model name sent with each request. */
        @WithDefault("gpt-4o-mini")
        String name();

        /** How long one reply may take before it counts as a model failure. */
        @WithDefault("10s")
        Duration timeout();
    }
}
