package dev.voiceplatform.runtime.conversation;

import dev.voiceplatform.common.events.TranscriptEntry;
import java.util.List;

/**
 * What happened on a finished call, for its summary.
 *
 * @param inbound whether the person called in
 * @param personNumber the number of the person on the line
 * @param answered whether anyone (or a voicemail box) picked up
 * @param status completed, missed or failed
 * @param endReason why the call ended
 * @param leadName the name the caller gave, or null
 * @param leadPhone the number the lead was taken with, or null when no lead was taken
 * @param doNotCall whether the person asked not to be called again
 * @param transcript what was said
 */
public record CallFacts(boolean inbound, String personNumber, boolean answered, String status, String endReason,
        String leadName, String leadPhone, boolean doNotCall, List<TranscriptEntry> transcript) {
}
