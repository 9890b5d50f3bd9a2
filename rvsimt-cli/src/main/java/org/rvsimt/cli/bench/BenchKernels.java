package org.rvsimt.cli.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.frontend.FrontEndException;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelSource;

/**
 * The suite's files: the assembly kernels of {@code bench/kernels/} (assembled once each) and the
 * C programs of {@code bench/native/}.
 */
public final class BenchKernels {
    private final Path benchDir;
    private final Map<String, Kernel> kernels = new HashMap<>();

    public BenchKernels(Path benchDir) {
        this.benchDir = benchDir;
    }

    public Path benchDir() {
        return benchDir;
    }

    public Path nativeSource(String name) {
        return benchDir.resolve("native").resolve(name + ".c");
    }

    /** The kernel {@code bench/kernels/FILE}, built by its front end (assembled) on first use. */
    public synchronized Kernel kernel(String file) {
        return kernels.computeIfAbsent(file, f -> {
            Path p = benchDir.resolve("kernels").resolve(f);
            try {
                return FrontEnds.standard().load(KernelSource.ofFile(p), FrontEndOptions.defaults()).kernel();
            } catch (IOException e) {
                throw new BenchFailure(p + ": cannot read the kernel (" + e.getMessage() + ")");
            } catch (FrontEndException e) {
                throw new BenchFailure(e.getMessage());
            }
        });
    }

    /** The entry address of {@code symbol} in a kernel file. */
    public int entry(String file, String symbol) {
        return kernel(file).symbol(symbol)
                .orElseThrow(() -> new BenchFailure(file + ": no symbol " + symbol));
    }

    /**
     * Finds the {@code bench/} folder: given explicitly, else the first folder holding
     * {@code bench/kernels} walking up from the working directory, then from the jar's location.
     */
    public static Path locate(Path given) {
        if (given != null) {
            if (!Files.isDirectory(given.resolve("kernels"))) {
                throw new BenchFailure(given + ": not a bench folder (no kernels/ inside)");
            }
            return given.toAbsolutePath().normalize();
        }
        Path found = walkUp(Path.of("").toAbsolutePath());
        if (found == null) {
            try {
                Path jar = Path.of(BenchKernels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                found = walkUp(jar.toAbsolutePath());
            } catch (URISyntaxException | SecurityException | NullPointerException e) {
                found = null;
            }
        }
        if (found == null) {
            throw new BenchFailure("cannot find the bench/ folder (with bench/kernels) above the working directory or "
                    + "the rvsimt jar; run from the repository or pass --bench-dir");
        }
        return found;
    }

    private static Path walkUp(Path from) {
        for (Path p = from; p != null; p = p.getParent()) {
            Path b = p.resolve("bench");
            if (Files.isDirectory(b.resolve("kernels")) && Files.isDirectory(b.resolve("native"))) {
                return b.normalize();
            }
        }
        return null;
    }
}
