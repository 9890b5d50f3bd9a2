package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the CLI writes (manifest outputs, traces, Perfetto JSON, assembled ELFs) get the
 * permissions any tool's output gets: 0666 less the process umask (0644 under umask 022), not the
 * private 0600 of a temporary file. The launcher test checks the same under an explicit umask 022.
 */
class OutputPermissionsTest {
    @TempDir
    Path dir;

    /** 0666 less this process's umask, as the kernel applies it to a newly created file. */
    static Set<PosixFilePermission> expected() throws Exception {
        int umask = 022;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Umask:")) {
                umask = Integer.parseInt(line.substring(6).trim(), 8);
            }
        }
        int mode = 0666 & ~umask;
        StringBuilder s = new StringBuilder();
        for (int bit = 8; bit >= 0; bit--) {
            s.append((mode >> bit & 1) == 0 ? '-' : "rwx".charAt(2 - bit % 3));
        }
        return PosixFilePermissions.fromString(s.toString());
    }

    @Test
    void everyWrittenFileFollowsTheUmask() throws Exception {
        Path k = Cli.write(dir, "k.S", "  lw t0, 0(a0)\n  li t1, 7\n  sw t1, 0(t0)\n  ret\n");
        Path m = Cli.write(dir, "launch.yaml", "kernel: k.S\ngrid: [1]\nblock: [1]\n"
                + "args:\n  - {name: out, buffer: u32, zeros: 1, output: out.bin}\n");
        Path trace = dir.resolve("t.rvtrace");
        assertThat(Cli.run("run", m.toString(), "--trace", trace.toString()).noTrace().code()).isZero();
        Path perfetto = dir.resolve("t.json");
        assertThat(Cli.run("trace", trace.toString(), "--perfetto", perfetto.toString()).noTrace().code()).isZero();
        Path elf = dir.resolve("k.elf");
        assertThat(Cli.run("asm", k.toString(), "-o", elf.toString()).noTrace().code()).isZero();
        Set<PosixFilePermission> want = expected();
        for (Path p : new Path[] {dir.resolve("out.bin"), trace, perfetto, elf}) {
            assertThat(Files.getPosixFilePermissions(p)).as(p.getFileName().toString()).isEqualTo(want);
        }
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary files left behind")
                    .noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
