package dev.voiceplatform.agents.share.service;

import dev.voiceplatform.agents.share.ShareConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Makes the signer at start, so a missing or short secret stops the service with a clear message. */
@ApplicationScoped
public class ShareLinksProducer {

    @Produces
    @Singleton
    @Startup
    ShareLinks shareLinks(ShareConfig config) {
        return new ShareLinks(config.secret().orElse(null));
    }
}
