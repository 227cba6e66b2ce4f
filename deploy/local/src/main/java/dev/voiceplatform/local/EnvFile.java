package dev.voiceplatform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code NAME=value} files of the state directory ({@code infra.env}, {@code env}). They are sourced by
 * shells, so values are restricted to characters that need no quoting rather than quoted.
 */
public final class EnvFile {

    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern PLAIN_VALUE = Pattern.compile("[A-Za-z0-9_.:/@%+,=\\-]*");

    private EnvFile() {
    }

    /** The entries of the file, or none when it does not exist; lines that are not assignments are skipped. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return entries;
        }
        for (String line : Files.readAllLines(file)) {
            int equals = line.indexOf('=');
            if (equals > 0 && NAME.matcher(line.substring(0, equals)).matches()) {
                entries.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return entries;
    }

    /**
     * Replaces the file in one move, so a reader never sees half of it.
     *
     * @param secret whether only the owner may read it
     */
    public static void write(Path file, Map<String, String> entries, boolean secret) throws IOException {
        StringBuilder content = new StringBuilder();
        entries.forEach((name, value) -> {
            if (!NAME.matcher(name).matches() || !PLAIN_VALUE.matcher(value).matches()) {
                throw new IllegalArgumentException("not a plain shell assignment: " + name);
            }
            content.append(name).append('=').append(value).append('\n');
        });
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, content);
        if (secret) {
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
