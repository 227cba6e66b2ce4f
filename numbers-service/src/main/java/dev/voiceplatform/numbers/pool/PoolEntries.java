package dev.voiceplatform.numbers.pool;

import dev.voiceplatform.common.api.PhoneNumbers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one country's pool setting: comma-separated numbers in E.164 or inclusive ranges {@code first..last} of
 * numbers of the same length. Every number must be a valid number of that country, written in E.164.
 */
public final class PoolEntries {

    /** Far more than a pool needs, and few enough that a typo in a range cannot seed millions of rows. */
    static final int MAX_RANGE = 10_000;
    private static final Pattern E164 = Pattern.compile("\\+[1-9][0-9]{6,14}");

    private PoolEntries() {
    }

    /** The numbers of {@code setting}, without duplicates; an invalid entry throws, naming it. */
    public static List<String> parse(String country, String setting) {
        Set<String> numbers = new LinkedHashSet<>();
        for (String raw : setting.split(",")) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            int dots = entry.indexOf("..");
            if (dots < 0) {
                numbers.add(checked(country, entry));
            } else {
                numbers.addAll(range(country, entry.substring(0, dots).strip(), entry.substring(dots + 2).strip()));
            }
        }
        return List.copyOf(numbers);
    }

    private static List<String> range(String country, String first, String last) {
        if (!E164.matcher(first).matches() || !E164.matcher(last).matches() || first.length() != last.length()) {
            throw new IllegalArgumentException("range " + first + ".." + last
                    + " must join two numbers in E.164 of the same length");
        }
        long from = Long.parseLong(first.substring(1));
        long to = Long.parseLong(last.substring(1));
        if (to < from || to - from >= MAX_RANGE) {
            throw new IllegalArgumentException("range " + first + ".." + last + " must go upwards and hold at most "
                    + MAX_RANGE + " numbers");
        }
        List<String> numbers = new ArrayList<>();
        for (long value = from; value <= to; value++) {
            numbers.add(checked(country, "+" + value));
        }
        return numbers;
    }

    private static String checked(String country, String number) {
        Optional<String> e164 = PhoneNumbers.toE164(number, country);
        if (!E164.matcher(number).matches() || !e164.map(number::equals).orElse(false)
                || !Objects.equals(PhoneNumbers.regionOf(number).orElse(null), country)) {
            throw new IllegalArgumentException(number + " is not a valid " + country + " number in E.164");
        }
        return number;
    }
}
