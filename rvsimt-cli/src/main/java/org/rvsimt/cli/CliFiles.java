package org.rvsimt.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/** File reading with the one-line errors the CLI promises. */
final class CliFiles {
    /** Largest input file the CLI reads whole; larger inputs are certainly not kernels. */
    static final long MAX_INPUT = 1L << 30;

    private CliFiles() { }

    static byte[] read(Path p) {
        try {
            if (Files.isDirectory(p)) {
                throw new UserError(p + ": is a directory");
            }
            if (Files.size(p) > MAX_INPUT) {
                throw new UserError(p + ": file too large (" + Files.size(p) + " bytes)");
            }
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UserError(UserError.describe(e, p));
        }
    }

    static String readText(Path p) {
        return new String(read(p), java.nio.charset.StandardCharsets.UTF_8);
    }

    static void write(Path p, byte[] data) {
        try {
            CliFiles.<RuntimeException>replace(p, out -> out.write(data));
        } catch (IOException e) {
            throw new UserError("cannot write " + p + ": " + UserError.describe(e));
        }
    }

    /** What {@link #replace} writes; may fail with its own checked exception {@code E} too. */
    interface Contents<E extends Exception> {
        void writeTo(OutputStream out) throws IOException, E;
    }

    /**
     * Writes {@code target} through a new temporary file beside it, moved over the target once
     * complete, so a failure never leaves a half-written file. The temporary file is created like
     * any tool's output, with the permissions the umask allows (0644 under umask 022):
     * {@code Files.createTempFile} would make it, and so the result, private (0600).
     */
    static <E extends Exception> void replace(Path target, Contents<E> contents) throws IOException, E {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(TempNames.RANDOM.nextLong()) + ".tmp");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), 1 << 16)) {
                contents.writeTo(out);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Made on first use: a SecureRandom loads the security providers, which a command that only reads files need not. */
    private static final class TempNames {
        static final SecureRandom RANDOM = new SecureRandom();
    }
}
