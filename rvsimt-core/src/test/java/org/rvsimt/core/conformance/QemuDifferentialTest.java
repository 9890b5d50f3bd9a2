package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Abi;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.AssembledProgram;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;
import org.rvsimt.isa.elf.Segment;

/**
 * Differential test of the whole engine against qemu-riscv32: seeded random RV32IMAF programs with
 * Zba, Zbb, Zbs and Zfh
 * ({@link RandomProgram}: straight-line code, counted and nested loops, forward branches and
 * jumps, jump tables, inline calls, every load/store width, AMOs and lr/sc, all of F with every
 * rounding mode and dyn with random frm, NaN/infinity/subnormal operands, fflags/frm/fcsr
 * accesses) built by clang-19 + lld and run on qemu, and on rvsimt:
 * <ul>
 * <li>{@link #randomProgramsAgreeWithQemu}: one thread, five runs: assembled by rvsimt's own
 *     assembler on both engines (interp, jit) with 32-lane and with 1-lane warps, and clang's ELF
 *     on the interpreter (so an assembler bug and an engine bug can be told apart);
 * <li>{@link #divergentLanesAgreeWithQemu}: 8 threads of one block, each with its own initial
 *     state, so branches, loop exits and jump tables diverge; warps of 32, 4 and 1 lanes, both
 *     engines; every lane must match qemu's run of that lane alone;
 * <li>{@link #misalignedAccessesAgreeWithQemu}: loads and stores at any byte offset with
 *     misaligned accesses allowed, 1 and 4 lanes.
 * </ul>
 * All 31 x registers, the 32 f registers (raw bits), fcsr (fflags and frm) and the data area must
 * agree bit for bit, and the text and data rvsimt's assembler lays out must equal clang's word for
 * word (an LLVM li expansion that loads the same constant, li+slli for lui+addi, is accepted). A
 * mismatch names the seed, the program, the variant, the lane, the first differing register or
 * word, and the instruction that last wrote it (found in qemu's one-instruction-per-block
 * execution log); the source is kept.
 *
 * <p>{@code -Drvsimt.diff.seed=N} (default fixed), {@code -Drvsimt.diff.count=N} one-thread
 * programs (default 200), {@code -Drvsimt.diff.size=N} instructions per body (default 200),
 * {@code rvsimt.diff.simtCount/simtSize/lanes} (40, 150, 8) and {@code rvsimt.diff.misCount/misSize}
 * (40, 150) for the other two, {@code -Drvsimt.diff.keep=true} keeps every source and ELF.
 */
class QemuDifferentialTest {
    static final long DEFAULT_SEED = 0x5EED_D1FFL;

    /**
     * Instructions the engine cannot run yet (a KNOWN BUG in {@link KnownBugsTest}), left out of
     * the random programs until it is fixed. Empty: sltiu/seqz were here until their fix.
     */
    static final java.util.Set<String> AVOID = java.util.Set.of();

    /**
     * The random programs use Zba, Zbb, Zbs and Zfh (QEMU 7.2 has them, the last spelled Zfh there; it
     * lacks Zicond, see ZicondTest).
     */
    static final List<String> QEMU_CPU = List.of("-cpu", "rv32,zba=true,zbb=true,zbs=true,Zfh=true");

    private record Variant(String name, boolean clangElf, int device) { }

    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);

    /** Device configurations, by index. */
    private static final DeviceConfig[] CONFIGS = {
        BASE.withEngine("interp"),
        BASE.withEngine("jit"),
        BASE.withEngine("interp").withWarpSize(1),
        BASE.withEngine("jit").withWarpSize(1),
        BASE.withEngine("interp").withWarpSize(4),
        BASE.withEngine("jit").withWarpSize(4),
    };

    /** One thread. */
    private static final Variant[] VARIANTS = {
        new Variant("rvsimt asm, interp, warp 32", false, 0),
        new Variant("rvsimt asm, jit, warp 32", false, 1),
        new Variant("rvsimt asm, interp, warp 1", false, 2),
        new Variant("rvsimt asm, jit, warp 1", false, 3),
        new Variant("clang ELF, interp, warp 32", true, 0),
    };

    /** Several threads of one block: one warp of 32 lanes, warps of 4, warps of 1. */
    private static final Variant[] SIMT_VARIANTS = {
        new Variant("rvsimt asm, interp, warp 32", false, 0),
        new Variant("rvsimt asm, jit, warp 32", false, 1),
        new Variant("rvsimt asm, interp, warp 4", false, 4),
        new Variant("rvsimt asm, jit, warp 4", false, 5),
        new Variant("rvsimt asm, interp, warp 1", false, 2),
        new Variant("rvsimt asm, jit, warp 1", false, 3),
        new Variant("clang ELF, interp, warp 32", true, 0),
    };

    /**
     * Programs assembled with {@code .option rvc} (clang then emits compressed instructions wherever it
     * can): clang's ELF on both engines; rvsimt's assembler is checked against llvm-mc's compression
     * by CompressedCrossCheckTest.
     */
    private static final Variant[] RVC_VARIANTS = {
        new Variant("clang ELF with C, interp, warp 32", true, 0),
        new Variant("clang ELF with C, jit, warp 32", true, 1),
        new Variant("clang ELF with C, jit, warp 4", true, 5),
    };

    static final int MAX_LANES = 32;

    /** Per worker thread: one device per configuration, reused across programs. */
    private static final class Devices {
        final Device[] devices = new Device[CONFIGS.length];
        final Buffer[] out = new Buffer[CONFIGS.length];

        Devices() {
            for (int i = 0; i < CONFIGS.length; i++) {
                devices[i] = Device.open(CONFIGS[i]);
                out[i] = devices[i].alloc((long) MAX_LANES * RandomProgram.RESULT_BYTES);
            }
        }
    }

    /** Wall time per phase, summed over the worker threads: clang, qemu, rvsimt's assembler, rvsimt runs. */
    private final java.util.concurrent.atomic.LongAdder[] phaseNanos =
            java.util.stream.Stream.generate(java.util.concurrent.atomic.LongAdder::new).limit(4)
                    .toArray(java.util.concurrent.atomic.LongAdder[]::new);

    private final ConcurrentLinkedQueue<Devices> allDevices = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<Devices> devices = ThreadLocal.withInitial(() -> {
        Devices d = new Devices();
        allDevices.add(d);
        return d;
    });

    /** One-thread programs, each compared register by register and byte by byte with qemu. */
    @Test
    void randomProgramsAgreeWithQemu() throws Exception {
        runAll("qemu differential", Integer.getInteger("rvsimt.diff.count", 200),
                Integer.getInteger("rvsimt.diff.size", 200), 1);
    }

    /**
     * Programs run by {@code -Drvsimt.diff.lanes} (default 8) threads of one block, each with its own
     * initial registers and data area: data-dependent branches, loop trip counts and jump-table
     * jumps split warps, and every lane must end exactly as the same program does on qemu with that
     * lane's initial state (so divergence and reconvergence are invisible, as they must be).
     */
    @Test
    void divergentLanesAgreeWithQemu() throws Exception {
        int lanes = Integer.getInteger("rvsimt.diff.lanes", 8);
        assertThat(lanes).isBetween(2, MAX_LANES);
        runAll("qemu differential, " + lanes + " divergent lanes", Integer.getInteger("rvsimt.diff.simtCount", 40),
                Integer.getInteger("rvsimt.diff.simtSize", 150), lanes);
    }

    /**
     * Loads and stores of every width at any byte offset, with misaligned accesses allowed
     * ({@link LaunchOptions#allowMisaligned()}); qemu-user performs them too. Half the programs
     * run as 4 divergent lanes.
     */
    @Test
    void misalignedAccessesAgreeWithQemu() throws Exception {
        runAll("qemu differential, misaligned accesses", Integer.getInteger("rvsimt.diff.misCount", 40),
                Integer.getInteger("rvsimt.diff.misSize", 150), -4);
    }

    /**
     * The one-thread and divergent programs again, with compressed instructions: 24 programs of one
     * thread, 12 of 4 divergent lanes; qemu-riscv32's rv32 cpu has C.
     */
    @Test
    void compressedProgramsAgreeWithQemu() throws Exception {
        rvc = true;
        try {
            runAll("qemu differential, compressed instructions", Integer.getInteger("rvsimt.diff.rvcCount", 24),
                    Integer.getInteger("rvsimt.diff.rvcSize", 150), 1);
            runAll("qemu differential, compressed instructions, 4 divergent lanes",
                    Integer.getInteger("rvsimt.diff.rvcCount", 24) / 2, Integer.getInteger("rvsimt.diff.rvcSize", 150), 4);
        } finally {
            rvc = false;
        }
    }

    /** The programs of this run are assembled with compressed instructions (clang only). */
    private volatile boolean rvc;

    /** The source with {@code .option rvc} from its first line on: every section may hold 16-bit instructions. */
    static String compressed(String source) {
        return ".option rvc\n" + source;
    }

    /** Programs per clang process. */
    private static final int CHUNK = 10;

    /** Program {@code index} of a run: {@code lanes} < 0 means misaligned, alternately 1 and -lanes lanes. */
    private static RandomProgram program(long seed, int index, int size, int lanes) {
        if (lanes < 0) {
            return RandomProgram.generateMisaligned(seed, index, size, index % 2 == 0 ? 1 : -lanes, AVOID);
        }
        return lanes == 1 ? RandomProgram.generate(seed, index, size, AVOID)
                : RandomProgram.generateSimt(seed, index, size, lanes, AVOID);
    }

    private void runAll(String title, int count, int size, int lanes) throws Exception {
        String missing = Toolchain.missingTools();
        if (missing != null) {
            Assumptions.assumeTrue(false, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        }
        long seed = Long.getLong("rvsimt.diff.seed", DEFAULT_SEED);
        boolean keep = Boolean.getBoolean("rvsimt.diff.keep");
        Path dir = Files.createTempDirectory("rvsimt-diff");
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        long t0 = System.nanoTime();
        List<String> failures = new ArrayList<>();
        long[] totals = new long[3];
        double activeSum = 0;
        double activeMin = 1;
        try {
            // Chunks of programs: clang assembles a chunk in one process (the costliest step).
            List<Future<List<Outcome>>> futures = new ArrayList<>();
            for (int first = 0; first < count; first += CHUNK) {
                int from = first;
                int to = Math.min(count, first + CHUNK);
                futures.add(pool.submit(() -> {
                    List<String> names = new ArrayList<>();
                    List<String> sources = new ArrayList<>();
                    for (int i = from; i < to; i++) {
                        RandomProgram p = program(seed, i, size, lanes);
                        names.add(p.name());
                        sources.add(rvc ? compressed(p.source) : p.source);
                    }
                    long t = System.nanoTime();
                    java.util.Map<String, byte[]> elfs = Toolchain.buildBatch(dir, names, sources,
                            RandomProgram.TEXT, RandomProgram.DATA);
                    phaseNanos[0].add(System.nanoTime() - t);
                    List<Outcome> outcomes = new ArrayList<>();
                    for (int i = from; i < to; i++) {
                        outcomes.add(check(dir, program(seed, i, size, lanes), elfs.get(names.get(i - from)), keep,
                                null));
                    }
                    return outcomes;
                }));
            }
            List<Outcome> all = new ArrayList<>();
            for (Future<List<Outcome>> f : futures) {
                all.addAll(f.get());
            }
            for (Outcome o : all) {
                totals[0] += o.bodyInstructions;
                totals[1] += o.laneInstructions;
                activeSum += o.activeLanes;
                activeMin = Math.min(activeMin, o.activeLanes);
                if (o.failure != null) {
                    failures.add(o.failure);
                    totals[2]++;
                }
            }
        } finally {
            pool.shutdownNow();
            for (Devices d : allDevices) {
                for (Device dev : d.devices) {
                    dev.close();
                }
            }
            allDevices.clear();
            if (!keep && failures.isEmpty()) {
                Toolchain.deleteTree(dir);
            }
        }
        System.out.printf("%s: seed 0x%x, %d programs, %d body instructions, %d lane instructions per variant,"
                + " %d failing, %.1f s%s%n", title, seed, count, totals[0], totals[1], totals[2],
                (System.nanoTime() - t0) / 1e9, failures.isEmpty() && !keep ? "" : ", sources in " + dir);
        System.out.printf("  time per phase (summed over %d workers): clang %.1f s, qemu %.1f s, rvsimt assembler"
                + " %.1f s, rvsimt runs %.1f s%n", workers, phaseNanos[0].sum() / 1e9, phaseNanos[1].sum() / 1e9,
                phaseNanos[2].sum() / 1e9, phaseNanos[3].sum() / 1e9);
        if (lanes > 1) {
            System.out.printf("  divergence: on average %.0f%% of the lanes active per warp instruction (lowest %.0f%%)%n",
                    100 * activeSum / count, 100 * activeMin);
        }
        for (java.util.concurrent.atomic.LongAdder a : phaseNanos) {
            a.reset();
        }
        assertThat(failures).as("programs that disagree with qemu (seed 0x%x, sources in %s)", seed, dir).isEmpty();
    }

    /**
     * @param activeLanes average active lanes per warp instruction over the lanes launched, on the
     *                    32-lane interpreter run (1.0 = the threads never diverged)
     */
    private record Outcome(int bodyInstructions, long laneInstructions, double activeLanes, String failure) {
        Outcome(int bodyInstructions, long laneInstructions, String failure) {
            this(bodyInstructions, laneInstructions, 1.0, failure);
        }
    }

    /**
     * The harness itself: a program whose rvsimt copy has one instruction changed must be reported,
     * with the register, and the instruction that last wrote it found from qemu's execution log.
     */
    @Test
    void harnessReportsAChangedInstruction() throws Exception {
        String missing = Toolchain.missingTools();
        if (missing != null) {
            Assumptions.assumeTrue(false, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        }
        Path dir = Files.createTempDirectory("rvsimt-diff-self");
        try {
            Outcome o = check(dir, RandomProgram.generate(7, 0, 60, AVOID), null, false,
                    QemuDifferentialTest::changeLastAluResult);
            System.out.println("harness self-check, the report of a deliberately changed instruction:\n" + o.failure);
            assertThat(o.failure).isNotNull().contains("seed 0x7 program 0").contains("first difference")
                    .contains("last written (on qemu) by the instruction at");
            // The same with 4 divergent lanes: the report names the lane, traced with its own qemu run.
            Outcome simt = check(dir, RandomProgram.generateSimt(7, 1, 60, 4, AVOID), null, false,
                    QemuDifferentialTest::changeLastAluResult);
            System.out.println(simt.failure);
            assertThat(simt.failure).isNotNull().contains("4 lanes").contains(", lane ").contains("first difference");
        } finally {
            Toolchain.deleteTree(dir);
        }
    }

    /**
     * Replaces the last register-register ALU instruction of a straight-line body whose destination
     * is not written again by {@code xori rd, rs1, 0x555} (same size, so the layout is unchanged).
     */
    static String changeLastAluResult(String src) {
        int body = src.indexOf("# ---- body\n");
        int end = src.indexOf("# ---- epilogue");
        List<String> lines = new ArrayList<>(List.of(src.substring(body, end).split("\n", -1)));
        java.util.regex.Pattern alu = java.util.regex.Pattern.compile(
                "^    (sub|sll|slt|sltu|xor|srl|sra|or|and|mul|mulh|mulhsu|mulhu|div|divu|rem|remu) (\\w+), (\\w+), \\w+$");
        for (int i = lines.size() - 1; i >= 0; i--) {
            java.util.regex.Matcher m = alu.matcher(lines.get(i));
            if (!m.matches() || m.group(2).equals("zero") || m.group(2).equals("x0")) {
                continue;
            }
            String rd = m.group(2);
            boolean rewritten = false;
            for (int j = i + 1; j < lines.size(); j++) {
                String t = lines.get(j).trim();
                int sp = t.indexOf(' ');
                rewritten |= sp > 0 && t.substring(sp + 1).startsWith(rd + ",");
            }
            if (!rewritten) {
                lines.set(i, "    xori " + rd + ", " + m.group(3) + ", 0x555");
                return src.substring(0, body) + String.join("\n", lines) + src.substring(end);
            }
        }
        throw new IllegalStateException("no ALU instruction to change");
    }

    /** qemu's arguments that select a lane: the program reads lane = argc - 1. */
    private static String[] laneArgs(int lane) {
        String[] a = new String[lane];
        java.util.Arrays.fill(a, "x");
        return a;
    }

    /**
     * Runs program {@code p} on qemu (lane by lane) and on every rvsimt variant and compares.
     * {@code clangElf} is its ELF if a batch build made it, else null (then it is built here).
     */
    private Outcome check(Path dir, RandomProgram p, byte[] clangElf, boolean keep,
                          java.util.function.UnaryOperator<String> mutateOwn) throws Exception {
        int lanes = p.lanes;
        boolean misaligned = p.misaligned;
        String name = p.name();
        String where = String.format("seed 0x%x program %d (%s, %s%s%s)", p.seed, p.index, name,
                p.straightLine ? "straight-line" : "with control flow", lanes > 1 ? ", " + lanes + " lanes" : "",
                misaligned ? ", misaligned accesses" : "");
        if (clangElf == null) {
            try {
                long t = System.nanoTime();
                clangElf = Toolchain.build(dir, name, p.source, RandomProgram.TEXT, RandomProgram.DATA, false);
                phaseNanos[0].add(System.nanoTime() - t);
            } catch (IOException e) {
                return new Outcome(p.bodyInstructions, 0, where + ": clang rejected the generated source: "
                        + e.getMessage());
            }
        }
        Path elf = dir.resolve(name + ".elf");
        State[] expected = new State[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            long tq = System.nanoTime();
            Toolchain.Run q = Toolchain.qemu(dir, elf, 30, QEMU_CPU, List.of(laneArgs(lane)));
            phaseNanos[1].add(System.nanoTime() - tq);
            if (q.exitStatus() != 0 || q.stdout().length != RandomProgram.RESULT_BYTES) {
                return new Outcome(p.bodyInstructions, 0, where + ": qemu run of lane " + lane + " failed (status "
                        + q.exitStatus() + ", " + q.stdout().length + " bytes): " + q.stderr());
            }
            expected[lane] = State.parse(q.stdout(), 0);
        }

        Kernel clangKernel = Kernel.fromElf(clangElf, name + ".elf", 4L << 20);
        Kernel ownKernel = null;
        if (rvc) {
            if (compressedInstructions(clangKernel) == 0) {
                return new Outcome(p.bodyInstructions, 0, where + ": clang emitted no compressed instruction");
            }
            return compare(dir, p, clangKernel, null, null, RVC_VARIANTS, where, expected, elf, keep, name);
        }
        try {
            long ta = System.nanoTime();
            AssembledProgram own = Assembler.assemble(mutateOwn == null ? p.source : mutateOwn.apply(p.source),
                    name + ".s", new AsmOptions(RandomProgram.TEXT, RandomProgram.DATA));
            ownKernel = Kernel.fromElf(own.toElf(), name + ".s", 4L << 20);
            phaseNanos[2].add(System.nanoTime() - ta);
        } catch (AsmException e) {
            return new Outcome(p.bodyInstructions, 0, where + ": rvsimt's assembler rejected the source clang accepts: "
                    + e.getMessage() + keepNote(dir, name));
        }
        String layout = mutateOwn == null ? compareLayout(ownKernel, clangKernel) : null;
        return compare(dir, p, clangKernel, ownKernel, mutateOwn, lanes == 1 && !misaligned ? VARIANTS : SIMT_VARIANTS,
                where, expected, elf, keep, name, layout);
    }

    private Outcome compare(Path dir, RandomProgram p, Kernel clangKernel, Kernel ownKernel,
                            java.util.function.UnaryOperator<String> mutateOwn, Variant[] variants, String where,
                            State[] expected, Path elf, boolean keep, String name) throws Exception {
        return compare(dir, p, clangKernel, ownKernel, mutateOwn, variants, where, expected, elf, keep, name, null);
    }

    /** Runs the variants and compares each lane's end state with qemu's ({@code layout}: the assembler's disagreement). */
    private Outcome compare(Path dir, RandomProgram p, Kernel clangKernel, Kernel ownKernel,
                            java.util.function.UnaryOperator<String> mutateOwn, Variant[] variants, String where,
                            State[] expected, Path elf, boolean keep, String name, String layout) throws Exception {
        int lanes = p.lanes;
        boolean misaligned = p.misaligned;
        StringBuilder failure = new StringBuilder();
        if (layout != null) {
            failure.append(where).append(": rvsimt's assembler and clang disagree: ").append(layout).append('\n');
        }
        int dataArea = clangKernel.symbol("data_area").orElseThrow();
        long laneInstructions = 0;
        double activeLanes = 1.0;
        for (Variant v : variants) {
            Kernel k = v.clangElf ? clangKernel : ownKernel;
            if (!v.clangElf && layout != null || mutateOwn != null && v.clangElf) {
                continue;   // its addresses differ from qemu's; the clang-ELF run still checks the engine
            }
            Devices d = devices.get();
            Device dev = d.devices[v.device];
            Buffer out = d.out[v.device];
            out.fill((byte) 0);
            int entry = k.symbol("kernel_start").orElseThrow();
            long tv = System.nanoTime();
            LaunchOptions o = LaunchOptions.defaults().withEntry(entry).withWatchdog(10_000_000);
            if (misaligned) {
                o = new LaunchOptions(o.entry(), Abi.NATIVE, o.watchdog(), false, true, 0);
            }
            LaunchResult r = dev.launch(k, Dim3.of(1), Dim3.of(lanes), 0, o, out);
            phaseNanos[3].add(System.nanoTime() - tv);
            laneInstructions = r.laneInstructions();
            if (v.device == 0 && (!v.clangElf || ownKernel == null) && r.warpInstructions() > 0) {
                activeLanes = (double) r.laneInstructions() / r.warpInstructions() / lanes;
            }
            if (!r.ok()) {
                failure.append(where).append(", ").append(v.name).append(": rvsimt faulted: ")
                        .append(r.fault().summary()).append('\n');
                continue;
            }
            byte[] all = out.readBytes(0, lanes * RandomProgram.RESULT_BYTES);
            for (int lane = 0; lane < lanes; lane++) {
                State actual = State.parse(all, lane * RandomProgram.RESULT_BYTES);
                List<String> diffs = expected[lane].diff(actual, dataArea + lane * RandomProgram.STRIDE);
                if (!diffs.isEmpty()) {
                    failure.append(where).append(", ").append(v.name).append(lanes > 1 ? ", lane " + lane : "")
                            .append(": first difference ").append(diffs.get(0));
                    failure.append(lastWriter(dir, elf, clangKernel, diffs.get(0), lane));
                    if (diffs.size() > 1) {
                        failure.append("\n    all differences (").append(diffs.size()).append("): ")
                                .append(String.join("; ", diffs.subList(0, Math.min(12, diffs.size()))));
                    }
                    failure.append('\n');
                    break;      // the first failing lane is enough
                }
            }
        }
        if (failure.isEmpty()) {
            if (!keep) {
                Files.deleteIfExists(dir.resolve(name + ".s"));
                Files.deleteIfExists(elf);
            }
            return new Outcome(p.bodyInstructions, laneInstructions, activeLanes, null);
        }
        return new Outcome(p.bodyInstructions, laneInstructions, activeLanes, failure + keepNote(dir, name));
    }

    private static String keepNote(Path dir, String name) {
        return "    source: " + dir.resolve(name + ".s");
    }

    /** The 16-bit instructions of a kernel's code, counted in a linear sweep from each executable segment. */
    static int compressedInstructions(Kernel k) {
        int n = 0;
        for (Segment s : k.image().segments()) {
            byte[] d = s.data();
            for (int o = 0; s.executable() && o + 2 <= d.length; o += (d[o] & 3) != 3 ? 2 : 4) {
                n += (d[o] & 3) != 3 ? 1 : 0;
            }
        }
        return n;
    }

    /** Null when every loaded byte rvsimt's assembler produced equals clang's at the same address. */
    static String compareLayout(Kernel own, Kernel clang) {
        Disassembler dis = Disassembler.listing();
        for (Segment s : own.image().segments()) {
            byte[] data = s.data();
            for (int o = 0; o < data.length; o += 4) {
                int addr = s.vaddr() + o;
                int mine = word(data, o);
                Integer theirs = wordAt(clang, addr);
                if (theirs != null && theirs != mine && s.executable() && o + 8 <= data.length
                        && sameConstant(mine, word(data, o + 4), theirs, wordAt(clang, addr + 4))) {
                    o += 4;         // an equivalent li expansion (LLVM prefers addi+slli for some values)
                    continue;
                }
                if (theirs == null || theirs != mine) {
                    String what = s.executable()
                            ? String.format("rvsimt %08x (%s), clang %s", mine, dis.format(mine, addr),
                                    theirs == null ? "nothing" : String.format("%08x (%s)", theirs,
                                            dis.format(theirs, addr)))
                            : String.format("rvsimt %08x, clang %s", mine,
                                    theirs == null ? "nothing" : String.format("%08x", theirs));
                    return String.format("first differing word at 0x%08x (%s): %s", addr,
                            s.executable() ? "text" : "data", what);
                }
            }
        }
        return null;
    }

    /**
     * True when two 2-instruction sequences both load the same constant into the same register:
     * {@code lui/li rd, a} then {@code addi/slli rd, rd, b}. GNU as (and rvsimt) always use
     * lui+addi for li; LLVM uses li+slli when the value is a small number shifted left.
     */
    static boolean sameConstant(int a1, int a2, int b1, Integer b2) {
        if (b2 == null) {
            return false;
        }
        long[] x = constant(a1, a2);
        long[] y = constant(b1, b2);
        return x != null && y != null && x[0] == y[0] && x[1] == y[1];
    }

    private static long[] constant(int w1, int w2) {
        InstructionDef d1 = Decoder.lookup(w1);
        InstructionDef d2 = Decoder.lookup(w2);
        if (d1 == null || d2 == null) {
            return null;
        }
        int rd = Field.RD.extract(w1);
        int v;
        if (d1.mnemonic().equals("lui")) {
            v = Field.IMM_U.extract(w1) << 12;
        } else if (d1.mnemonic().equals("addi") && Field.RS1.extract(w1) == 0) {
            v = Field.IMM_I.extract(w1);
        } else {
            return null;
        }
        if (Field.RD.extract(w2) != rd || Field.RS1.extract(w2) != rd) {
            return null;
        }
        switch (d2.mnemonic()) {
            case "addi" -> v += Field.IMM_I.extract(w2);
            case "slli" -> v <<= Field.SHAMT.extract(w2);
            default -> {
                return null;
            }
        }
        return new long[] {rd, v};
    }

    private static Integer wordAt(Kernel k, int addr) {
        for (Segment s : k.image().segments()) {
            int o = addr - s.vaddr();
            if (o >= 0 && o + 4 <= s.data().length) {
                return word(s.data(), o);
            }
            if (o >= 0 && o + 4 <= s.memSize()) {
                return 0;
            }
        }
        return null;
    }

    static int word(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | (b[o + 3] & 0xFF) << 24;
    }

    // ------------------------------------------------------------------ state and comparison

    /** Registers, fcsr and data area as the program reported them. */
    record State(int[] x, int[] f, int fcsr, byte[] data) {
        static State parse(byte[] result, int offset) {
            int[] x = new int[32];
            int[] f = new int[32];
            for (int k = 0; k < 32; k++) {
                x[k] = word(result, offset + RandomProgram.RES_X + 4 * k);
                f[k] = word(result, offset + RandomProgram.RES_F + 4 * k);
            }
            return new State(x, f, word(result, offset + RandomProgram.RES_FCSR),
                    Arrays.copyOfRange(result, offset, offset + RandomProgram.AREA));
        }

        /** Differences, in the order x1..x31, f0..f31, fflags, frm, data; "qemu" is this state. */
        List<String> diff(State o, int dataAddress) {
            List<String> out = new ArrayList<>();
            for (int k = 1; k < 32; k++) {
                if (x[k] != o.x[k]) {
                    out.add(String.format("x%d (%s): qemu 0x%08x, rvsimt 0x%08x", k, RandomProgram.X_ABI[k], x[k],
                            o.x[k]));
                }
            }
            for (int k = 0; k < 32; k++) {
                if (f[k] != o.f[k]) {
                    out.add(String.format("f%d (%s): qemu 0x%08x (%s), rvsimt 0x%08x (%s)", k, RandomProgram.F_ABI[k],
                            f[k], Float.intBitsToFloat(f[k]), o.f[k], Float.intBitsToFloat(o.f[k])));
                }
            }
            if ((fcsr & 0x1F) != (o.fcsr & 0x1F)) {
                out.add(String.format("fflags: qemu 0x%02x (%s), rvsimt 0x%02x (%s)", fcsr & 0x1F, flags(fcsr),
                        o.fcsr & 0x1F, flags(o.fcsr)));
            }
            if ((fcsr & ~0x1F) != (o.fcsr & ~0x1F)) {
                out.add(String.format("frm: qemu %d, rvsimt %d (fcsr 0x%x vs 0x%x)", fcsr >>> 5, o.fcsr >>> 5, fcsr,
                        o.fcsr));
            }
            for (int i = 0; i < data.length; i += 4) {
                int a = word(data, i);
                int b = word(o.data, i);
                if (a != b) {
                    out.add(String.format("memory at 0x%08x (data_area+%d): qemu 0x%08x, rvsimt 0x%08x",
                            dataAddress + i, i, a, b));
                }
            }
            return out;
        }

        static String flags(int v) {
            StringBuilder sb = new StringBuilder();
            String[] names = {"NX", "UF", "OF", "DZ", "NV"};
            for (int b = 4; b >= 0; b--) {
                if ((v & (1 << b)) != 0) {
                    sb.append(sb.isEmpty() ? "" : "|").append(names[b]);
                }
            }
            return sb.isEmpty() ? "-" : sb.toString();
        }
    }

    // ------------------------------------------------------------------ diagnosis

    /**
     * Reruns the program under qemu one instruction per translation block with an execution log,
     * and names the last executed body instruction that wrote the differing register (or, for
     * fflags/frm, the last FP or CSR instruction).
     */
    private static String lastWriter(Path dir, Path elf, Kernel clang, String difference, int lane) {
        try {
            int bodyEnd = clang.symbol("body_end").orElse(Integer.MAX_VALUE);
            Path log = dir.resolve(elf.getFileName() + ".trace");
            Toolchain.qemu(dir, elf, 60, List.of("-cpu", QEMU_CPU.get(1), "-singlestep", "-d", "exec,nochain", "-D", log.toString()),
                    List.of(laneArgs(lane)));
            List<Integer> pcs = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                int open = line.indexOf('[');
                if (line.startsWith("Trace") && open > 0) {
                    String[] parts = line.substring(open + 1, line.indexOf(']')).split("/");
                    pcs.add((int) Long.parseLong(parts[1], 16));
                }
            }
            Files.deleteIfExists(log);
            boolean isX = difference.startsWith("x");
            boolean isF = difference.startsWith("f") && !difference.startsWith("fflags");
            boolean isCsr = difference.startsWith("fflags") || difference.startsWith("frm");
            int reg = isX || isF ? Integer.parseInt(difference.substring(1, difference.indexOf(' '))) : -1;
            Disassembler dis = Disassembler.listing();
            for (int i = pcs.size() - 1; i >= 0; i--) {
                int pc = pcs.get(i);
                if (Integer.compareUnsigned(pc, bodyEnd) >= 0 || pc < RandomProgram.TEXT) {
                    continue;
                }
                Integer w = wordAt(clang, pc);
                if (w == null) {
                    continue;
                }
                InstructionDef d = Decoder.lookup(w);
                if (d == null) {
                    continue;
                }
                List<Field> fields = d.fields();
                boolean hit = isX && fields.contains(Field.RD) && Field.RD.extract(w) == reg
                        || isF && fields.contains(Field.FD) && Field.FD.extract(w) == reg
                        || isCsr && touchesFcsr(d, w);
                if (hit) {
                    return String.format("%n    last written (on qemu) by the instruction at 0x%08x: %s"
                            + " (dynamic instruction %d of %d)", pc, dis.format(w, pc), i, pcs.size());
                }
            }
            return "\n    (no body instruction writes it: the prologue value differs)";
        } catch (Exception e) {
            return "\n    (could not trace the program under qemu: " + e + ")";
        }
    }

    private static boolean touchesFcsr(InstructionDef d, int w) {
        if (d.fields().contains(Field.CSR)) {
            int csr = Field.CSR.extract(w);
            return csr == Csrs.FFLAGS || csr == Csrs.FRM || csr == Csrs.FCSR;
        }
        String m = d.mnemonic();
        return m.startsWith("f") && !m.equals("flw") && !m.equals("fsw") && !m.startsWith("fmv")
                && !m.startsWith("fsgnj") && !m.equals("fclass.s") && !m.startsWith("fence");
    }
}
