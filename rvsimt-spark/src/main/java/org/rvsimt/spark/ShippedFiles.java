package org.rvsimt.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.rvsimt.cli.LaunchFiles;
import org.rvsimt.cli.sweep.Combination;

/**
 * The bytes of every file a sweep's launches read, keyed by their absolute path on the driver. An executor
 * may be another machine, where those paths do not exist: it writes the files once per process under a
 * private folder that mirrors the driver's absolute paths, so a manifest's relative references
 * ({@code ../common/x.S}) still resolve, and each combination's paths are rewritten to point there.
 */
final class ShippedFiles implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Larger sweeps' inputs belong on a shared file system, not in every task's broadcast. */
    static final long MAX_BYTES = 512L << 20;
    private static final Map<String, Path> MATERIALIZED = new ConcurrentHashMap<>();

    private final TreeMap<String, byte[]> files;
    private final String digest;

    private ShippedFiles(TreeMap<String, byte[]> files) {
        this.files = files;
        this.digest = digest(files);
    }

    /** Reads what {@code combinations} need: each launch's files and any file named on a run line (a GPU file). */
    static ShippedFiles of(List<Combination> combinations) {
        TreeMap<String, byte[]> files = new TreeMap<>();
        java.util.Set<String> targets = new java.util.HashSet<>();
        long total = 0;
        for (Combination c : combinations) {
            List<Path> needed = new ArrayList<>();
            String target = c.runArgs().get(1);
            if (targets.add(target)) {
                needed.addAll(LaunchFiles.of(Path.of(target)));
            }
            for (String a : c.runArgs()) {
                Path p = Path.of(a);
                if (p.isAbsolute() && Files.isRegularFile(p)) {
                    needed.add(p.normalize());
                }
            }
            for (Path p : needed) {
                String key = p.toString();
                if (!files.containsKey(key)) {
                    try {
                        byte[] bytes = Files.readAllBytes(p);
                        total += bytes.length;
                        files.put(key, bytes);
                    } catch (IOException e) {
                        // not shipped: the run names the file it cannot read, as it would locally
                    }
                }
            }
            if (total > MAX_BYTES) {
                throw new IllegalArgumentException("the sweep's launches read " + (total >> 20) + " MiB of files; at most "
                        + (MAX_BYTES >> 20) + " MiB are shipped with the tasks (put large inputs on a shared file system)");
            }
        }
        return new ShippedFiles(files);
    }

    int count() {
        return files.size();
    }

    /** The folder on this machine that holds the files, written on first use in this process. */
    Path root() {
        return MATERIALIZED.computeIfAbsent(digest, d -> {
            try {
                Path root = ScratchFolders.create("rvsimt-spark-files-");
                for (Map.Entry<String, byte[]> f : files.entrySet()) {
                    Path p = under(root, f.getKey());
                    Files.createDirectories(p.getParent());
                    Files.write(p, f.getValue());
                }
                return root;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static Path under(Path root, String driverPath) {
        return root.resolve(driverPath.replaceFirst("^/+", ""));
    }

    /** {@code c} with every shipped driver path replaced by its copy under {@code root}. */
    Combination relocate(Combination c, Path root) {
        List<String> args = new ArrayList<>(c.runArgs().size());
        for (String a : c.runArgs()) {
            args.add(files.containsKey(a) ? under(root, a).toString() : a);
        }
        return new Combination(c.index(), c.launch(), c.values(), List.copyOf(args), c.gpuYaml());
    }

    private static String digest(TreeMap<String, byte[]> files) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                md.update(f.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(java.nio.ByteBuffer.allocate(8).putLong(f.getValue().length).array());
                md.update(f.getValue());
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
