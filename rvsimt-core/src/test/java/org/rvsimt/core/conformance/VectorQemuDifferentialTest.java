package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;

/**
 * Differential test of the RVV engine against {@code qemu-riscv32 -cpu rv32,v=true,vlen=128,elen=32}
 * (QEMU 7.2, RVV 1.0): seeded random straight-line vector programs ({@link VectorRandomProgram},
 * every instruction group at SEW 8/16/32 and LMUL 1/8..8, masked and unmasked, FP with random frm and
 * special operands) built by clang-19 + lld, run once on qemu and on rvsimt: interpreter and JIT, a
 * 1-lane warp and a 4-lane warp whose lanes all run the program (each lane has its own vector state,
 * and all must end identical). x, f, vl, vtype, fcsr, all 32 vector registers and the 1 KiB memory
 * area must agree bit for bit. {@code -Drvsimt.vdiff.count} (default 60), {@code .size} (default 120),
 * {@code .seed}.
 */
class VectorQemuDifferentialTest {
    static final String[] QEMU_CPU = {"-cpu", "rv32,v=true,vlen=128,elen=32,vext_spec=v1.0"};
    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);

    private record Variant(String name, DeviceConfig config, int threads) { }

    private static final Variant[] VARIANTS = {
        new Variant("interp, warp 1", BASE.withEngine("interp").withWarpSize(1), 1),
        new Variant("jit, warp 1", BASE.withEngine("jit").withWarpSize(1), 1),
        new Variant("interp, warp 4, 4 lanes", BASE.withEngine("interp").withWarpSize(4), 4),
        new Variant("jit, warp 32, 3 lanes", BASE.withEngine("jit"), 3),
    };

    @Test
    void randomVectorProgramsAgreeWithQemu() throws Exception {
        String missing = Toolchain.missingTools();
        Assumptions.assumeTrue(missing == null, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        long seed = Long.getLong("rvsimt.vdiff.seed", 0x5EED_0FECL);
        int count = Integer.getInteger("rvsimt.vdiff.count", 60);
        int size = Integer.getInteger("rvsimt.vdiff.size", 120);
        Path dir = Files.createTempDirectory("rvsimt-vdiff");
        List<String> failures = new ArrayList<>();
        Device[] devices = Arrays.stream(VARIANTS).map(v -> Device.open(v.config())).toArray(Device[]::new);
        long t0 = System.nanoTime();
        long instructions = 0;
        try {
            List<VectorRandomProgram> programs = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                programs.add(new VectorRandomProgram(seed, i, size));
            }
            List<byte[]> elfs = build(dir, programs);
            for (int i = 0; i < count; i++) {
                String f = check(dir, programs.get(i), elfs.get(i), devices);
                if (f != null) {
                    failures.add(f);
                }
                instructions += size;
            }
        } finally {
            for (Device d : devices) {
                d.close();
            }
            if (failures.isEmpty()) {
                Toolchain.deleteTree(dir);
            }
        }
        System.out.printf("vector qemu differential: seed 0x%x, %d programs of %d body instructions (%d), %d failing,"
                + " %.1f s%n", seed, count, size, instructions, failures.size(), (System.nanoTime() - t0) / 1e9);
        assertThat(failures).as("vector programs that disagree with qemu (sources in %s)", dir).isEmpty();
    }

    /** Assembles all sources with one clang process, links each with ld.lld. */
    static List<byte[]> build(Path dir, List<VectorRandomProgram> programs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Toolchain.CLANG, "--target=riscv32-unknown-elf", "-march=rv32imafv",
                "-mabi=ilp32f", "-c"));
        for (VectorRandomProgram p : programs) {
            Files.writeString(dir.resolve(p.name() + ".s"), p.source);
            cmd.add(p.name() + ".s");
        }
        Toolchain.Run as = Toolchain.exec(dir, cmd, 300);
        assertThat(as.exitStatus()).as("clang: %s", as.stderr()).isZero();
        List<byte[]> out = new ArrayList<>();
        for (VectorRandomProgram p : programs) {
            Path elf = dir.resolve(p.name() + ".elf");
            Toolchain.Run ld = Toolchain.exec(dir, List.of(Toolchain.LLD, "-static",
                    "-Ttext=0x" + Integer.toHexString(VectorRandomProgram.TEXT),
                    "-Tdata=0x" + Integer.toHexString(VectorRandomProgram.DATA), "--image-base=0x8000",
                    p.name() + ".o", "-o", elf.toString()), 120);
            assertThat(ld.exitStatus()).as("ld.lld: %s", ld.stderr()).isZero();
            out.add(Files.readAllBytes(elf));
        }
        return out;
    }

    private static String check(Path dir, VectorRandomProgram p, byte[] elf, Device[] devices) throws Exception {
        String where = String.format("seed 0x%x program %d (%s)", p.seed, p.index, dir.resolve(p.name() + ".s"));
        Toolchain.Run q = Toolchain.qemu(dir, dir.resolve(p.name() + ".elf"), 30, List.of(QEMU_CPU), List.of());
        int total = VectorRandomProgram.SAVE_BYTES + VectorRandomProgram.MEM_BYTES;
        if (q.exitStatus() != 0 || q.stdout().length != total) {
            return where + ": qemu failed (status " + q.exitStatus() + ", " + q.stdout().length + " bytes): " + q.stderr();
        }
        Kernel k = Kernel.fromElf(elf, p.name() + ".elf", 4L << 20);
        int save = k.symbol("save_area").orElseThrow();
        int mem = k.symbol("mem_area").orElseThrow();
        for (int v = 0; v < VARIANTS.length; v++) {
            LaunchOptions o = LaunchOptions.defaults().withEntry(k.symbol("kernel_start").orElseThrow())
                    .withWatchdog(1_000_000);
            LaunchResult r = devices[v].launch(k, Dim3.of(1), Dim3.of(VARIANTS[v].threads()), 0, o);
            if (!r.ok()) {
                return where + ", " + VARIANTS[v].name() + ": rvsimt faulted: " + r.fault().summary();
            }
            byte[] ram = devices[v].memory();
            byte[] mine = new byte[total];
            System.arraycopy(ram, save, mine, 0, VectorRandomProgram.SAVE_BYTES);
            System.arraycopy(ram, mem, mine, VectorRandomProgram.SAVE_BYTES, VectorRandomProgram.MEM_BYTES);
            int diff = Arrays.mismatch(q.stdout(), mine);
            if (diff >= 0) {
                return where + ", " + VARIANTS[v].name() + ": first difference in " + describe(diff) + ": qemu "
                        + hex(q.stdout(), diff) + ", rvsimt " + hex(mine, diff);
            }
        }
        return null;
    }

    private static String hex(byte[] b, int at) {
        int o = at & ~3;
        return String.format("0x%08x", (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16
                | (b[o + 3] & 0xFF) << 24);
    }

    /** Names byte offset o of the saved state. */
    static String describe(int o) {
        if (o < 124) {
            return "x" + (o / 4 + 1);
        }
        if (o < 252) {
            return "f" + (o - 124) / 4;
        }
        if (o < 264) {
            return new String[] {"vl", "vtype", "fcsr"}[(o - 252) / 4];
        }
        if (o < VectorRandomProgram.SAVE_BYTES) {
            int v = o - 264;
            return "v" + v / 16 + " byte " + v % 16;
        }
        return "mem_area + " + (o - VectorRandomProgram.SAVE_BYTES);
    }
}
