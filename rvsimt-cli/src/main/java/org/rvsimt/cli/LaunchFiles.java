package org.rvsimt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The files a {@code rvsimt run} of a manifest or kernel reads: the manifest, its kernel, the files its
 * buffers are filled from and its {@code expect} files are compared with, plus every file directly in the
 * manifest's and the kernel's folders (a C kernel's local headers). An engine that runs a launch on
 * another machine ships exactly these bytes, since the paths exist only where the sweep was read.
 */
public final class LaunchFiles {
    private LaunchFiles() { }

    /** Absolute, normalized paths of existing regular files, sorted. */
    public static Set<Path> of(Path target) {
        Set<Path> files = new TreeSet<>();
        Path t = target.toAbsolutePath().normalize();
        addFolder(files, t.getParent());
        if (RunCommand.isManifest(t)) {
            Manifest m;
            try {
                m = ManifestReader.read(t);
            } catch (UserError e) {
                return files;   // the run reports the bad manifest; its folder is shipped so it can
            }
            add(files, m.kernel());
            addFolder(files, m.kernel().toAbsolutePath().normalize().getParent());
            for (Manifest.Arg a : m.args()) {
                if (a instanceof Manifest.BufferArg b) {
                    add(files, b.file());
                }
            }
            for (Manifest.Expect e : m.expect()) {
                add(files, e.file());
            }
        }
        return files;
    }

    private static void add(Set<Path> files, Path p) {
        if (p != null && Files.isRegularFile(p)) {
            files.add(p.toAbsolutePath().normalize());
        }
    }

    private static void addFolder(Set<Path> files, Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(Files::isRegularFile).forEach(p -> files.add(p.toAbsolutePath().normalize()));
        } catch (IOException e) {
            // an unreadable folder ships nothing extra; the run names what it could not read
        }
    }
}
