package org.rvsimt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.rvsimt.isa.elf.ElfReader;

/**
 * Whether a path given to {@code rvsimt run} without a manifest can be a kernel. A folder or a
 * README gets an answer about what it is, before the run asks for {@code --grid} and
 * {@code --block} it would not need.
 */
final class KernelPath {
    /** What the answer lists; an ELF is recognised by its content, whatever its name. */
    static final String KINDS = "kernels: .S, .c, .bin or an ELF file; manifests: .yaml, .yml, .json";

    private KernelPath() { }

    /** Throws a {@link UserError} saying what {@code p} is when it cannot be a kernel. */
    static void requireKernel(Path p) {
        if (!Files.exists(p)) {
            throw new UserError(p + ": no such file");
        }
        if (Files.isDirectory(p)) {
            Path manifest = p.resolve("launch.yaml");
            throw new UserError(p + ": is a folder, not a kernel or a manifest"
                    + (Files.isRegularFile(manifest) ? "; to run its manifest: rvsimt run " + manifest : " (" + KINDS + ")"));
        }
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".s") && !name.endsWith(".c") && !name.endsWith(".bin") && !startsLikeElf(p)) {
            throw new UserError(p + ": not a kernel or a manifest (" + KINDS + ")");
        }
    }

    private static boolean startsLikeElf(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            return ElfReader.looksLikeElf(in.readNBytes(16));
        } catch (IOException e) {
            return true; // let the read that follows report why the file cannot be read
        }
    }
}
