package dev.voiceplatform.e2e;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the platform the tests started once the whole run is over, whether its tests passed or not. */
public final class PlatformSession implements LauncherSessionListener {

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        E2ePlatform.stopIfStarted();
    }
}
