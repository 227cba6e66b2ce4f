package dev.voiceplatform.common.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;

/**
 * Writes the internal token key pair for a local run: {@code java -cp platform-common.jar
 * dev.voiceplatform.common.security.InternalKeyFiles DIR}. Existing files are kept, so restarts keep trust.
 */
public final class InternalKeyFiles {

    public static final String PRIVATE_KEY = "internal-jwt.key.pem";
    public static final String PUBLIC_KEY = "internal-jwt.pub.pem";

    private InternalKeyFiles() {
    }

    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args.length > 0 ? args[0] : ".");
        Path privateKey = directory.resolve(PRIVATE_KEY);
        Path publicKey = directory.resolve(PUBLIC_KEY);
        if (Files.exists(privateKey) && Files.exists(publicKey)) {
            return;
        }
        Files.createDirectories(directory);
        KeyPair pair = KeyPems.generate();
        Files.writeString(privateKey, KeyPems.privatePem(pair));
        Files.setPosixFilePermissions(privateKey, PosixFilePermissions.fromString("rw-------"));
        Files.writeString(publicKey, KeyPems.publicPem(pair));
    }
}
