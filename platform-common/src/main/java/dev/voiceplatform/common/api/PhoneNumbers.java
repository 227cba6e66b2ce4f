package dev.voiceplatform.common.api;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;
import java.util.Optional;

/** Phone numbers in E.164, the one form the platform stores and compares. */
public final class PhoneNumbers {

    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    private PhoneNumbers() {
    }

    /**
     * The number in E.164 ({@code +14155550123}), or empty when it is not a valid number. A number in
     * international form ({@code +} or {@code 00}) stands on its own; one in national form is read in
     * {@code defaultRegion} (ISO 3166 code such as US or IL).
     */
    public static Optional<String> toE164(String raw, String defaultRegion) {
        if (raw == null || raw.isBlank() || raw.length() > 64) {
            return Optional.empty();
        }
        String candidate = raw.strip();
        if (candidate.startsWith("00")) {
            candidate = "+" + candidate.substring(2);
        }
        try {
            PhoneNumber number = UTIL.parse(candidate, defaultRegion);
            if (!UTIL.isValidNumber(number)) {
                return Optional.empty();
            }
            return Optional.of(UTIL.format(number, PhoneNumberUtil.PhoneNumberFormat.E164));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    /** The region (ISO 3166 code such as US or IL) of a valid number in international form, or empty. */
    public static Optional<String> regionOf(String international) {
        if (international == null || international.length() > 64) {
            return Optional.empty();
        }
        try {
            PhoneNumber number = UTIL.parse(international.strip(), "ZZ");
            return UTIL.isValidNumber(number) ? Optional.ofNullable(UTIL.getRegionCodeForNumber(number))
                    : Optional.empty();
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }
}
