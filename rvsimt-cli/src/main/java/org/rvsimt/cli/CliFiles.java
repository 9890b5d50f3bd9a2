package org.rvsimt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
            Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
            Files.write(tmp, data);
            Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UserError("cannot write " + p + ": " + UserError.describe(e));
        }
    }
}
