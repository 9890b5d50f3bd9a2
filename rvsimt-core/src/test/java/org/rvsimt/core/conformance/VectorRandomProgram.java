package org.rvsimt.core.conformance;

import java.util.List;
import java.util.Random;

/**
 * A seeded random single-thread RVV program for the differential test against qemu-riscv32. The
 * same ELF runs on both: {@code _start} (qemu) and {@code kernel_start} (rvsimt) differ only in the
 * mode word; the body is straight-line vector code; the epilogue saves x, f, vl, vtype and
 * fcsr, then the 32 vector registers, into {@code save_area}, and qemu writes save_area and
 * mem_area to stdout, while the test reads them from rvsimt's VRAM.
 *
 * <p>Reserved registers: t6 = mem_area, t5 = address, t4 = stride, t3 = index scratch; the word {@code mode} is 1 on qemu.
 * Every generated instruction is legal for the configuration in force (the generator tracks SEW and
 * LMUL): register groups aligned, masked destinations off v0, no destination overlapping a
 * source where RVV 1.0 reserves it, memory inside mem_area, FP only at SEW 32.
 */
final class VectorRandomProgram {
    static final int TEXT = 0x10000;
    static final int DATA = 0x40000;
    static final int MEM_BYTES = 1024;
    /** x1..x31, f0..f31, vl, vtype, fcsr, then 32 x 16 bytes of vector registers. */
    static final int SAVE_BYTES = 31 * 4 + 32 * 4 + 3 * 4 + 32 * 16;
    static final List<String> SCALARS = List.of("t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
            "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10");

    final long seed;
    final int index;
    final String source;
    private final Random r;
    private final StringBuilder s = new StringBuilder();
    private int sew = 32;
    private int lmulLog2 = 0;

    VectorRandomProgram(long seed, int index, int size) {
        this.seed = seed;
        this.index = index;
        r = new Random(seed * 1_000_003L + index);
        s.append("    .option norelax\n    .data\n    .align 4\ninit_v:\n");
        words(32 * 4, true);
        s.append("init_x:\n");
        words(SCALARS.size(), false);
        s.append("init_f:\n");
        words(32, true);
        s.append("    .globl mem_area\nmem_area:\n");
        words(MEM_BYTES / 4, true);
        s.append("    .globl save_area\nsave_area:\n    .zero ").append(SAVE_BYTES).append("\nmode:\n    .word 0\n");
        s.append("""
                    .text
                    .globl _start
                _start:
                    la t5, mode
                    li t4, 1
                    sw t4, 0(t5)
                    .globl kernel_start
                kernel_start:
                    li ra, 0
                    li sp, 0
                    li gp, 0
                    li tp, 0
                    la t5, init_v
                    vl8re8.v v0, (t5)
                    addi t5, t5, 128
                    vl8re8.v v8, (t5)
                    addi t5, t5, 128
                    vl8re8.v v16, (t5)
                    addi t5, t5, 128
                    vl8re8.v v24, (t5)
                    la t5, init_x
                """);
        for (int k = 0; k < SCALARS.size(); k++) {
            s.append("    lw ").append(SCALARS.get(k)).append(", ").append(4 * k).append("(t5)\n");
        }
        s.append("    la t5, init_f\n");
        for (int k = 0; k < 32; k++) {
            s.append("    flw f").append(k).append(", ").append(4 * k).append("(t5)\n");
        }
        s.append("    fsrmi ").append(r.nextInt(5)).append("\n    la t6, mem_area\n");
        configure();
        s.append("# ---- body\n");
        for (int k = 0; k < size; k++) {
            instruction();
        }
        s.append("# ---- epilogue\n    la t5, save_area\n");
        for (int k = 1; k < 32; k++) {
            s.append("    sw x").append(k).append(", ").append(4 * (k - 1)).append("(t5)\n");
        }
        for (int k = 0; k < 32; k++) {
            s.append("    fsw f").append(k).append(", ").append(124 + 4 * k).append("(t5)\n");
        }
        s.append("""
                    csrr t0, vl
                    sw t0, 252(t5)
                    csrr t0, vtype
                    sw t0, 256(t5)
                    csrr t0, fcsr
                    sw t0, 260(t5)
                    addi t5, t5, 264
                    vs8r.v v0, (t5)
                    addi t5, t5, 128
                    vs8r.v v8, (t5)
                    addi t5, t5, 128
                    vs8r.v v16, (t5)
                    addi t5, t5, 128
                    vs8r.v v24, (t5)
                    la t5, mode
                    lw t5, 0(t5)
                    beqz t5, done
                    li a0, 1
                    la a1, save_area
                    li a2, %d
                    li a7, 64
                    ecall
                    li a0, 1
                    la a1, mem_area
                    li a2, %d
                    li a7, 64
                    ecall
                done:
                    li a0, 0
                    li a7, 93
                    ecall
                """.formatted(SAVE_BYTES, MEM_BYTES));
        source = s.toString();
    }

    String name() {
        return String.format("vec_%x_%d", seed, index);
    }

    private static final int[] SPECIAL = {0x7FC00000, 0x7F800001, 0xFF800000, 0x7F800000, 0x80000000, 0, 0x00000001,
        0x807FFFFF, 0x7F7FFFFF, 0x3F800000, 0xBF800000, 0x4B000000};

    private void words(int n, boolean floats) {
        for (int k = 0; k < n; k++) {
            int v;
            int pick = r.nextInt(10);
            if (floats && pick < 5) {
                v = Float.floatToRawIntBits((float) ((r.nextDouble() * 8 - 4) * (pick < 2 ? 1 : Math.scalb(1.0, r.nextInt(20) - 10))));
            } else if (floats && pick == 5) {
                v = SPECIAL[r.nextInt(SPECIAL.length)];
            } else if (pick < 7) {
                v = r.nextInt(64) - 32;
            } else {
                v = r.nextInt();
            }
            s.append("    .word 0x").append(Integer.toHexString(v)).append('\n');
        }
    }

    // ------------------------------------------------------------------ the body

    private void configure() {
        int[] sews = {8, 16, 32};
        sew = sews[r.nextInt(3)];
        int lo = sew == 8 ? -2 : sew == 16 ? -1 : 0;    // fractional LMUL needs SEW <= LMUL * ELEN (32)
        lmulLog2 = lo + r.nextInt(4 - lo);
        String lmul = lmulLog2 >= 0 ? "m" + (1 << lmulLog2) : "mf" + (1 << -lmulLog2);
        String policy = (r.nextBoolean() ? "ta" : "tu") + ", " + (r.nextBoolean() ? "ma" : "mu");
        String type = "e" + sew + ", " + lmul + ", " + policy;
        switch (r.nextInt(4)) {
            case 0 -> s.append("    vsetvli t0, zero, ").append(type).append('\n');
            case 1 -> s.append("    vsetivli t0, ").append(r.nextInt(32)).append(", ").append(type).append('\n');
            default -> s.append("    li t0, ").append(r.nextInt(40)).append("\n    vsetvli t0, t0, ").append(type)
                    .append('\n');
        }
    }

    private int groupRegs() {
        return lmulLog2 > 0 ? 1 << lmulLog2 : 1;
    }

    /** A register group start aligned to LMUL, avoiding the groups listed (and v0's group if masked). */
    private int group(boolean avoidV0, int... avoid) {
        int n = groupRegs();
        while (true) {
            int g = r.nextInt(32 / n) * n;
            boolean ok = !(avoidV0 && g == 0);
            for (int a : avoid) {
                ok &= a < 0 || g + n <= a || a + n <= g;
            }
            if (ok) {
                return g;
            }
        }
    }

    private String x() {
        return SCALARS.get(r.nextInt(SCALARS.size()));
    }

    private String f() {
        return "f" + r.nextInt(32);
    }

    private void emit(String text, boolean masked) {
        s.append("    ").append(text).append(masked ? ", v0.t" : "").append('\n');
    }

    private static final String[] INT_VV = {"vadd", "vsub", "vminu", "vmin", "vmaxu", "vmax", "vand", "vor", "vxor",
        "vsll", "vsrl", "vsra", "vmul", "vmulh", "vmulhu", "vmulhsu", "vdivu", "vdiv", "vremu", "vrem"};
    private static final String[] INT_VI = {"vadd", "vrsub", "vand", "vor", "vxor"};
    private static final String[] SHIFT_VI = {"vsll", "vsrl", "vsra"};
    private static final String[] CMP_VV = {"vmseq", "vmsne", "vmsltu", "vmslt", "vmsleu", "vmsle"};
    private static final String[] CMP_VX = {"vmseq", "vmsne", "vmsltu", "vmslt", "vmsleu", "vmsle", "vmsgtu", "vmsgt"};
    private static final String[] CMP_VI = {"vmseq", "vmsne", "vmsleu", "vmsle", "vmsgtu", "vmsgt"};
    private static final String[] MULADD = {"vmacc", "vnmsac", "vmadd", "vnmsub"};
    private static final String[] RED = {"vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu",
        "vredmax"};
    private static final String[] MASK = {"vmandn", "vmand", "vmor", "vmxor", "vmorn", "vmnand", "vmnor", "vmxnor"};
    private static final String[] FP_VV = {"vfadd", "vfsub", "vfmul", "vfdiv", "vfmin", "vfmax", "vfsgnj", "vfsgnjn",
        "vfsgnjx"};
    private static final String[] FP_VF_ONLY = {"vfrsub", "vfrdiv"};
    private static final String[] FMA = {"vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub",
        "vfnmsub"};
    private static final String[] FCMP_VV = {"vmfeq", "vmfle", "vmflt", "vmfne"};
    private static final String[] FCMP_VF = {"vmfeq", "vmfle", "vmflt", "vmfne", "vmfgt", "vmfge"};
    private static final String[] FUNARY = {"vfsqrt.v", "vfclass.v", "vfcvt.xu.f.v", "vfcvt.x.f.v", "vfcvt.f.xu.v",
        "vfcvt.f.x.v"};     // not vfcvt.rtz.*: QEMU 7.2 aborts translating them (decode_save_opc assertion)
    private static final String[] FRED = {"vfredusum", "vfredosum", "vfredmin", "vfredmax"};

    private String pick(String[] a) {
        return a[r.nextInt(a.length)];
    }

    private void instruction() {
        boolean m = r.nextInt(3) == 0;
        boolean fp = sew == 32;
        int kind = r.nextInt(fp ? 24 : 17);
        switch (kind) {
            case 0 -> configure();
            case 1, 2 -> {
                int vs2 = group(false);
                int vs1 = group(false);
                int vd = group(m);
                String op = pick(INT_VV);
                switch (r.nextInt(3)) {
                    case 0 -> emit(op + ".vv v" + vd + ", v" + vs2 + ", v" + vs1, m);
                    case 1 -> emit(op + ".vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    default -> emit(r.nextBoolean() ? pick(INT_VI) + ".vi v" + vd + ", v" + vs2 + ", " + (r.nextInt(32) - 16)
                            : pick(SHIFT_VI) + ".vi v" + vd + ", v" + vs2 + ", " + r.nextInt(32), m);
                }
            }
            case 3 -> {
                int vs2 = group(false);
                int vs1 = group(false);
                int vd = r.nextInt(32);
                while (vd == 0 && m || vd >= vs2 && vd < vs2 + groupRegs() && groupRegs() > 1
                        || vd >= vs1 && vd < vs1 + groupRegs() && groupRegs() > 1) {
                    vd = r.nextInt(32);
                }
                switch (r.nextInt(3)) {
                    case 0 -> emit(pick(CMP_VV) + ".vv v" + vd + ", v" + vs2 + ", v" + vs1, m);
                    case 1 -> emit(pick(CMP_VX) + ".vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    default -> emit(pick(CMP_VI) + ".vi v" + vd + ", v" + vs2 + ", " + (r.nextInt(32) - 16), m);
                }
            }
            case 4 -> {
                int vs2 = group(false);
                int vd = group(m);
                emit(pick(MULADD) + (r.nextBoolean() ? ".vv v" + vd + ", v" + group(false) : ".vx v" + vd + ", " + x())
                        + ", v" + vs2, m);
            }
            case 5 -> emit(pick(RED) + ".vs v" + r.nextInt(32) + ", v" + group(false) + ", v" + r.nextInt(32), m);
            case 6 -> {
                int vd = group(true);
                switch (r.nextInt(6)) {
                    case 0 -> emit("vmerge.vvm v" + vd + ", v" + group(false) + ", v" + group(false) + ", v0", false);
                    case 1 -> emit("vmerge.vxm v" + vd + ", v" + group(false) + ", " + x() + ", v0", false);
                    case 2 -> emit("vmerge.vim v" + vd + ", v" + group(false) + ", " + (r.nextInt(32) - 16) + ", v0", false);
                    case 3 -> emit("vmv.v.v v" + vd + ", v" + group(false), false);
                    case 4 -> emit("vmv.v.x v" + vd + ", " + x(), false);
                    default -> emit("vmv.v.i v" + vd + ", " + (r.nextInt(32) - 16), false);
                }
            }
            case 7 -> {
                int vs2 = group(false);
                int vd = group(m, vs2);
                switch (r.nextInt(6)) {
                    case 0 -> emit("vslideup.vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    case 1 -> emit("vslideup.vi v" + vd + ", v" + vs2 + ", " + r.nextInt(32), m);
                    case 2 -> emit("vslidedown.vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    case 3 -> emit("vslidedown.vi v" + vd + ", v" + vs2 + ", " + r.nextInt(32), m);
                    case 4 -> emit("vslide1up.vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    default -> emit("vslide1down.vx v" + vd + ", v" + vs2 + ", " + x(), m);
                }
            }
            case 8 -> {
                int vs2 = group(false);
                int vs1 = group(false);
                int vd = group(m, vs2, vs1);
                switch (r.nextInt(3)) {
                    case 0 -> emit("vrgather.vv v" + vd + ", v" + vs2 + ", v" + vs1, m);
                    case 1 -> emit("vrgather.vx v" + vd + ", v" + vs2 + ", " + x(), m);
                    default -> emit("vrgather.vi v" + vd + ", v" + vs2 + ", " + r.nextInt(32), m);
                }
            }
            case 9 -> {
                switch (r.nextInt(5)) {
                    case 0 -> emit("vmv.x.s " + x() + ", v" + r.nextInt(32), false);
                    case 1 -> emit("vmv.s.x v" + r.nextInt(32) + ", " + x(), false);
                    case 2 -> emit("vcpop.m " + x() + ", v" + r.nextInt(32), m);
                    case 3 -> emit("vfirst.m " + x() + ", v" + r.nextInt(32), m);
                    default -> {
                        int nr = 1 << r.nextInt(4);
                        emit("vmv" + nr + "r.v v" + r.nextInt(32 / nr) * nr + ", v" + r.nextInt(32 / nr) * nr, false);
                    }
                }
            }
            case 10 -> {
                int vs2 = r.nextInt(32);
                int vd = r.nextInt(32);
                while (vd == vs2 || vd == 0 && m) {
                    vd = r.nextInt(32);
                }
                emit(pick(new String[] {"vmsbf.m", "vmsif.m", "vmsof.m"}) + " v" + vd + ", v" + vs2, m);
            }
            case 11 -> {
                int vs2 = r.nextInt(32);
                int vd = group(m);
                while (vs2 >= vd && vs2 < vd + groupRegs()) {
                    vs2 = r.nextInt(32);
                }
                emit(r.nextBoolean() ? "viota.m v" + vd + ", v" + vs2 : "vid.v v" + vd, m);
            }
            case 12 -> emit(pick(MASK) + ".mm v" + r.nextInt(32) + ", v" + r.nextInt(32) + ", v" + r.nextInt(32), false);
            case 13, 14 -> unitOrStrided(m);
            case 15 -> indexed(m);
            case 16 -> {
                s.append("    addi t5, t6, ").append(r.nextInt(64) * 4).append('\n');
                int nr = 1 << r.nextInt(4);
                int reg = r.nextInt(32 / nr) * nr;
                switch (r.nextInt(4)) {
                    case 0 -> emit("vlm.v v" + r.nextInt(32) + ", (t5)", false);
                    case 1 -> emit("vsm.v v" + r.nextInt(32) + ", (t5)", false);
                    case 2 -> emit("vl" + nr + "re" + (8 << r.nextInt(3)) + ".v v" + reg + ", (t5)", false);
                    default -> emit("vs" + nr + "r.v v" + reg + ", (t5)", false);
                }
            }
            case 17, 18 -> {
                int vd = group(m);
                String op = r.nextInt(5) == 0 ? pick(FP_VF_ONLY) + ".vf" : pick(FP_VV) + (r.nextBoolean() ? ".vv" : ".vf");
                emit(op + " v" + vd + ", v" + group(false) + ", " + (op.endsWith(".vv") ? "v" + group(false) : f()), m);
            }
            case 19 -> {
                int vd = group(m);
                emit(pick(FMA) + (r.nextBoolean() ? ".vv v" + vd + ", v" + group(false) : ".vf v" + vd + ", " + f())
                        + ", v" + group(false), m);
            }
            case 20 -> {
                int vs2 = group(false);
                int vs1 = group(false);
                int vd = r.nextInt(32);
                while (vd == 0 && m || groupRegs() > 1 && (vd >= vs2 && vd < vs2 + groupRegs()
                        || vd >= vs1 && vd < vs1 + groupRegs())) {
                    vd = r.nextInt(32);
                }
                emit(r.nextBoolean() ? pick(FCMP_VV) + ".vv v" + vd + ", v" + vs2 + ", v" + vs1
                        : pick(FCMP_VF) + ".vf v" + vd + ", v" + vs2 + ", " + f(), m);
            }
            case 21 -> emit(pick(FUNARY) + " v" + group(m) + ", v" + group(false), m);
            case 22 -> emit(pick(FRED) + ".vs v" + r.nextInt(32) + ", v" + group(false) + ", v" + r.nextInt(32), m);
            default -> {
                int vs2 = group(false);
                int vd = group(true, vs2);
                switch (r.nextInt(6)) {
                    case 0 -> emit("vfmerge.vfm v" + vd + ", v" + vs2 + ", " + f() + ", v0", false);
                    case 1 -> emit("vfmv.v.f v" + vd + ", " + f(), false);
                    case 2 -> emit("vfmv.f.s " + f() + ", v" + r.nextInt(32), false);
                    case 3 -> emit("vfmv.s.f v" + r.nextInt(32) + ", " + f(), false);
                    case 4 -> emit("vfslide1up.vf v" + vd + ", v" + vs2 + ", " + f(), m);
                    default -> emit("vfslide1down.vf v" + vd + ", v" + vs2 + ", " + f(), m);
                }
            }
        }
    }

    /** vle/vse/vlse/vsse with a random EEW whose EMUL is legal; base in the middle of mem_area. */
    private void unitOrStrided(boolean m) {
        int eewLog2 = r.nextInt(3);
        int emulLog2 = eewLog2 - Integer.numberOfTrailingZeros(sew / 8) + lmulLog2;
        if (emulLog2 > 3 || emulLog2 < -3) {
            return;
        }
        int eew = 8 << eewLog2;
        int emul = emulLog2 > 0 ? 1 << emulLog2 : 1;
        int reg = r.nextInt(32 / emul) * emul;
        if (m && reg == 0) {
            reg = emul;
        }
        s.append("    addi t5, t6, ").append(384 + r.nextInt(32) * 4).append('\n');
        boolean store = r.nextBoolean();
        if (r.nextBoolean()) {
            emit((store ? "vse" : "vle") + eew + ".v v" + reg + ", (t5)", m);
        } else {
            s.append("    li t4, ").append((r.nextInt(5) - 2) * (eew / 8)).append('\n');
            emit((store ? "vsse" : "vlse") + eew + ".v v" + reg + ", (t5), t4", m);
        }
    }

    /** vluxei/vloxei/vsuxei/vsoxei with index EEW = SEW and in-range byte offsets built by vid/vsll/vxor. */
    private void indexed(boolean m) {
        int vi = group(false);
        int vd = group(m, vi);
        int sb = sew / 8;
        s.append("    vid.v v").append(vi).append('\n');
        s.append("    vsll.vi v").append(vi).append(", v").append(vi).append(", ").append(Integer.numberOfTrailingZeros(sb))
                .append('\n');
        s.append("    li t3, ").append(r.nextInt(8) * sb).append('\n');
        s.append("    vxor.vx v").append(vi).append(", v").append(vi).append(", t3\n");
        s.append("    addi t5, t6, ").append(384 + r.nextInt(32) * 4).append('\n');
        String op = pick(new String[] {"vluxei", "vloxei", "vsuxei", "vsoxei"});
        emit(op + sew + ".v v" + vd + ", (t5), v" + vi, m);
    }
}
