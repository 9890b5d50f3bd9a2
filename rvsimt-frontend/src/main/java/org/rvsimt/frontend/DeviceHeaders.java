package org.rvsimt.frontend;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a C kernel finds {@code rvsimt.h} and {@code rvsimt.ld}. The files of the repository's
 * {@code kernels/include} travel inside the jar (the frontend module's resources) and are written
 * on first use to a cache folder named after their content ({@code ~/.cache/rvsimt/include-HASH}),
 * so a kernel anywhere on disk compiles and {@code rvsimt include-dir} has a folder to print.
 */
public final class DeviceHeaders {
    public static final String HEADER = "rvsimt.h";
    public static final String LINKER_SCRIPT = "rvsimt.ld";
    /** The files of kernels/include, shipped as resources under {@code org/rvsimt/frontend/include/}. */
    static final List<String> FILES = List.of(HEADER, LINKER_SCRIPT, "rvv_sfu.h");

    /** The include folder and the linker script one compilation uses. */
    public record Paths(Path include, Path linkerScript) { }

    private static volatile Path bundled;

    private DeviceHeaders() { }

    /**
     * For a source file: the first {@code include} or {@code kernels/include} folder holding
     * {@code rvsimt.h} walking up from the source's folder (a kernels tree's own headers, as
     * {@code kernels/foo/foo.c} finds {@code kernels/include}), else {@link #standalone()}. A
     * folder with its own rvsimt.h but no rvsimt.ld links with the standalone one.
     */
    public static Paths forSource(Path source) throws FrontEndException {
        for (Path dir = source.toAbsolutePath().normalize().getParent(); dir != null; dir = dir.getParent()) {
            for (Path inc : List.of(dir.resolve("include"), dir.resolve("kernels").resolve("include"))) {
                if (Files.isRegularFile(inc.resolve(HEADER))) {
                    Path ld = inc.resolve(LINKER_SCRIPT);
                    return new Paths(inc, Files.isRegularFile(ld) ? ld : standalone().resolve(LINKER_SCRIPT));
                }
            }
        }
        Path inc = standalone();
        return new Paths(inc, inc.resolve(LINKER_SCRIPT));
    }

    /**
     * The folder for kernels outside any kernels tree and for users' own build systems: the
     * system property {@code rvsimt.home}'s {@code kernels/include} when it has rvsimt.h, else
     * {@link #bundled()}.
     */
    public static Path standalone() throws FrontEndException {
        String home = System.getProperty("rvsimt.home");
        if (home != null && !home.isBlank()) {
            Path inc = Path.of(home).resolve("kernels").resolve("include");
            if (Files.isRegularFile(inc.resolve(HEADER)) && Files.isRegularFile(inc.resolve(LINKER_SCRIPT))) {
                return inc;
            }
        }
        return bundled();
    }

    /** The headers shipped inside rvsimt, written once per content to the cache folder (or the temp folder). */
    public static Path bundled() throws FrontEndException {
        Path b = bundled;
        if (b == null) {
            synchronized (DeviceHeaders.class) {
                if (bundled == null) {
                    bundled = extract(resources());
                }
                b = bundled;
            }
        }
        return b;
    }

    private static Map<String, byte[]> resources() throws FrontEndException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String f : FILES) {
            try (InputStream in = DeviceHeaders.class.getResourceAsStream("include/" + f)) {
                if (in == null) {
                    throw new FrontEndException("rvsimt's device headers are missing from its jar (include/" + f
                            + "); rebuild it");
                }
                files.put(f, in.readAllBytes());
            } catch (IOException e) {
                throw new FrontEndException("cannot read rvsimt's device header " + f + " from its jar: " + e.getMessage(), e);
            }
        }
        return files;
    }

    private static Path extract(Map<String, byte[]> files) throws FrontEndException {
        String name = "include-" + digest(files);
        List<Path> roots = List.of(cacheRoot(), Path.of(System.getProperty("java.io.tmpdir"),
                "rvsimt-" + System.getProperty("user.name", "user")));
        IOException last = null;
        Path tried = null;
        for (Path root : roots) {
            Path dir = root.resolve(name);
            try {
                if (complete(dir, files)) {
                    return dir;
                }
                Files.createDirectories(root);
                Path tmp = Files.createTempDirectory(root, name + ".part");
                for (Map.Entry<String, byte[]> e : files.entrySet()) {
                    Files.write(tmp.resolve(e.getKey()), e.getValue());
                }
                try {
                    Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException
                         | java.nio.file.DirectoryNotEmptyException e) {
                    ToolRun.deleteTree(tmp); // another process wrote it first
                }
                if (complete(dir, files)) {
                    return dir;
                }
            } catch (IOException e) {
                last = e;
                tried = root;
            }
        }
        throw new FrontEndException("cannot write rvsimt's device headers to " + tried + ": "
                + (last != null ? last.getMessage() : "unknown error"), last);
    }

    private static boolean complete(Path dir, Map<String, byte[]> files) throws IOException {
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path p = dir.resolve(e.getKey());
            if (!Files.isRegularFile(p) || Files.size(p) != e.getValue().length) {
                return false;
            }
        }
        return true;
    }

    /** {@code $XDG_CACHE_HOME/rvsimt}, else {@code ~/.cache/rvsimt}. */
    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "rvsimt");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "rvsimt");
    }

    private static String digest(Map<String, byte[]> files) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                md.update(e.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(e.getValue());
            }
            return HexFormat.of().formatHex(md.digest(), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
