package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every kernels/NAME/launch.yaml: the committed expected files are byte for byte what the Java
 * reference ({@link References}) computes now from the manifest's inputs (little-endian f32/i32).
 *
 * <p>Regenerate them with {@code -Drvsimt.kernels.regenerate=true} (this test then writes the files
 * and passes), or run {@link #main}.
 */
class ReferenceFilesTest {
    static final boolean REGENERATE = Boolean.getBoolean("rvsimt.kernels.regenerate");

    static List<Path> manifests() {
        return KernelManifest.all();
    }

    /** Folders of kernels/ that hold no kernel of their own: the device header, OpenCL programs, sweeps. */
    private static final java.util.Set<String> NOT_KERNELS = java.util.Set.of("include", "opencl", "sweeps");

    @Test
    void everyKernelFolderHasAManifestAndAReference() throws IOException {
        Path kernels = KernelManifest.kernelsDir();
        try (var s = Files.list(kernels)) {
            List<String> folders = s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(n -> !NOT_KERNELS.contains(n)).sorted().toList();
            assertThat(folders).isNotEmpty();
            for (String f : folders) {
                assertThat(kernels.resolve(f).resolve("launch.yaml")).as("kernels/%s/launch.yaml", f).isRegularFile();
                assertThat(References.ALL).as("a Java reference for kernels/%s", f).containsKey(f);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void expectedFilesMatchTheReference(Path manifest) throws IOException {
        KernelManifest m = KernelManifest.load(manifest);
        Map<String, Object> expected = References.of(m.folder).compute(m);
        assertThat(m.expects).as("%s: expect entries", m.folder).isNotEmpty();
        for (KernelManifest.Expect e : m.expects) {
            assertThat(expected).as("%s: the reference computes '%s'", m.folder, e.arg()).containsKey(e.arg());
            Object want = expected.get(e.arg());
            assertThat(KernelManifest.bytes(want).length).as("%s: size of '%s'", m.folder, e.arg())
                    .isEqualTo(m.arg(e.arg()).byteCount());
            if (e.file() == null) {
                double[] vals = e.values();
                assertThat(toDoubles(want)).as("%s: values of '%s'", m.folder, e.arg()).containsExactly(vals);
                continue;
            }
            Path file = m.dir.resolve(e.file());
            byte[] bytes = KernelManifest.bytes(want);
            if (REGENERATE) {
                Files.createDirectories(file.getParent());
                Files.write(file, bytes);
            }
            assertThat(file).as("%s: %s", m.folder, e.file()).isRegularFile();
            byte[] committed = Files.readAllBytes(file);
            assertThat(Arrays.equals(committed, bytes)).as("%s: %s equals the Java reference (regenerate with "
                    + "-Drvsimt.kernels.regenerate=true)", m.folder, e.file()).isTrue();
        }
    }

    private static double[] toDoubles(Object data) {
        if (data instanceof float[] f) {
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                d[i] = f[i];
            }
            return d;
        }
        return Arrays.stream((int[]) data).asDoubleStream().toArray();
    }

    /** Writes every expected file from the references. */
    public static void main(String[] args) throws IOException {
        for (Path p : KernelManifest.all()) {
            KernelManifest m = KernelManifest.load(p);
            Map<String, Object> expected = References.of(m.folder).compute(m);
            for (KernelManifest.Expect e : m.expects) {
                if (e.file() != null) {
                    Path file = m.dir.resolve(e.file());
                    Files.createDirectories(file.getParent());
                    Files.write(file, KernelManifest.bytes(expected.get(e.arg())));
                    System.out.println("wrote " + file);
                }
            }
        }
    }
}
