package dev.voiceplatform.agents.settings;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The transfer-number guard: a human transfer dials out at the organization's cost, so destinations in blocked
 * countries and premium-rate ranges are refused (403 FORBIDDEN), by configuration and by the numbering plan.
 */
@ApplicationScoped
public class TransferDestinations {

    private final List<String> blockedCountries;
    private final List<String> blockedPrefixes;

    public TransferDestinations(SettingsConfig config) {
        this.blockedCountries = config.transferBlockedCountries().stream()
                .map(country -> country.strip().toUpperCase(Locale.ROOT)).toList();
        this.blockedPrefixes = config.transferBlockedPrefixes().stream().map(String::strip).toList();
    }

    /** Whether the value is a number in E.164 exactly (the form the editor stores). */
    static boolean isE164(String value) {
        return PhoneNumbers.toE164(value, null).map(value::equals).orElse(false);
    }

    /** Refuses a valid E.164 number the organization may not transfer to. */
    public void check(String e164) {
        Optional<String> region = PhoneNumbers.regionOf(e164);
        if (region.isPresent() && blockedCountries.contains(region.get())) {
            throw forbidden("Transfers to " + region.get() + " numbers are blocked");
        }
        if (blockedPrefixes.stream().anyMatch(e164::startsWith) || premiumRate(e164)) {
            throw forbidden("Transfers to premium-rate numbers are blocked");
        }
    }

    private static boolean premiumRate(String e164) {
        PhoneNumberUtil util = PhoneNumberUtil.getInstance();
        try {
            return util.getNumberType(util.parse(e164, null)) == PhoneNumberUtil.PhoneNumberType.PREMIUM_RATE;
        } catch (NumberParseException e) {
            return false;
        }
    }

    private static ApiException forbidden(String message) {
        return ApiException.of(ErrorCode.FORBIDDEN, message)
                .withDetail("field", "transferPhoneNumber")
                .withHint("Choose a transfer number outside blocked countries and premium-rate ranges.");
    }
}
