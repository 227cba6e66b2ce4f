package dev.voiceplatform.runtime.media;

import java.time.Duration;

/**
 * One turn as the media layer renders it.
 *
 * @param agent whether the agent spoke it (else the person on the line)
 * @param offset when it began, from the moment the line was answered
 * @param words how many words were said, which sets how long the turn sounds
 */
public record RecordedTurn(boolean agent, Duration offset, int words) {
}
