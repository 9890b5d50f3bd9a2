package org.rvsimt.core.conformance;

import java.util.Random;

/**
 * A seeded random RV32IMAF program for the qemu differential test: one assembly source that
 * both clang (for qemu-riscv32) and rvsimt's assembler accept, laid out identically by both.
 *
 * <h2>Layout (text at {@link #TEXT}, data at {@link #DATA})</h2>
 * <pre>
 * .text  body_start:   prologue: t5 = lane; every x and f register and fcsr from init_table[lane]
 *                      random body
 *        body_end:     epilogue: x1..x31, f0..f31, fcsr into the lane's save area (from the base register)
 *                      finish: rvsimt copies the lane's data and save area to result + lane * RESULT_BYTES
 *                              and returns; qemu writes them to stdout (write, a7=64) and exits (a7=93)
 *        _start:       qemu entry: mode_flag = 1, lane = argc - 1
 *        kernel_start: rvsimt entry: result_ptr = first argument word, mode_flag = 0, lane = threadIdx.x
 * .data  init_table    per lane: x1..x31, f0..f31, fcsr       (64 words)
 *        data_area     per lane, every {@link #STRIDE} bytes: {@link #AREA} bytes of random data the
 *                      body loads and stores, then the save area x0..x31, f0..f31, fcsr (65 words)
 *        mode_flag, result_ptr, lane_index
 * </pre>
 * The body keeps one base register {@code B = lane's data area + AREA/2} unchanged and addresses
 * memory only as {@code B + imm} or {@code ((r & mask) + B) + imm}, so every access stays in the
 * lane's data area (symbol-relative loads read the data area with one lane, the read-only init
 * table with several). Two loop-counter registers are written only by loop headers and latches;
 * loops run 1..8 times (nested 1..4), fixed or data-dependent; every other branch or jump goes
 * forward (conditional branches, jal, jalr through la, two-way jump tables indexed by a data
 * bit, inline functions called with call/jal and left with ret).
 */
final class RandomProgram {
    static final int TEXT = 0x10000;
    static final int DATA = 0x40000;
    static final int AREA = 2048;
    static final int HALF = AREA / 2;
    static final int INIT_BYTES = 64 * 4;
    static final int SAVE_WORDS = 65;
    /** Bytes the program reports: the data area, then the save area. */
    static final int RESULT_BYTES = AREA + SAVE_WORDS * 4;
    /** Distance between the data areas of consecutive lanes (data, save area, padding). */
    static final int STRIDE = (RESULT_BYTES + 15) & -16;
    /** Offsets inside the result. */
    static final int RES_X = AREA;
    static final int RES_F = AREA + 32 * 4;
    static final int RES_FCSR = AREA + 64 * 4;

    static final String[] X_ABI = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2",
        "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5",
        "t6"};
    static final String[] F_ABI = {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1",
        "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10",
        "fs11", "ft8", "ft9", "ft10", "ft11"};

    private static final String[] RM = {"", ", rne", ", rtz", ", rdn", ", rup", ", rmm", ", dyn"};

    private static final int[] INT_SPECIAL = {0, 1, -1, 2, -2, Integer.MIN_VALUE, Integer.MAX_VALUE,
        Integer.MIN_VALUE + 1, 0x7FF, 0x800, -0x800, -0x801, 0xFFF, 0x1000, 0xFFFFF800, 0x7FFFF800, 0x80000800,
        0x12345678, 0xFFFF, 0x10000, 31, 32, 33, 0xFF, 0x80, 0x8000};

    private static final int[] FLOAT_SPECIAL = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
        0xFFC00000, 0x7F800001, 0xFF800001, 0x7FA00000, 0x7FC12345, 0xFFBFFFFF, 0x00000001, 0x80000001, 0x007FFFFF,
        0x807FFFFF, 0x00400000, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x3F000000,
        0x40400000, 0x3FC00000, 0x40200000, 0xBF000000, 0x4F000000, 0xCF000000, 0x4F800000, 0x4EFFFFFF, 0xCF000001,
        0x4B000000, 0x4B800001, 0x33800000, 0x34000000, 0x3F800001, 0x3F7FFFFF, 0x00FFFFFF, 0x0C000000, 0x72000000,
        0x3EAAAAAB, 0x40490FDB};

    final long seed;
    final int index;
    final boolean straightLine;
    final int base;
    final int counter1;
    final int counter2;
    final String source;
    /** Instructions in the random body (static count, pseudo-instructions counted once). */
    final int bodyInstructions;

    private final Random r;
    private final StringBuilder out = new StringBuilder(32 * 1024);
    private int budget;
    private int emitted;
    private int labels;
    private int loopDepth;
    private int branchDepth;
    private boolean inFunction;

    /** Mnemonics (and pseudo-instructions) the generator must not emit. */
    private final java.util.Set<String> avoid;

    /** Threads that run the program, each on its own initial registers and data area. */
    final int lanes;
    /** Loads and stores (not atomics) use any byte offset: the launch must allow misaligned accesses. */
    final boolean misaligned;

    private RandomProgram(long seed, long salt, int index, int size, boolean straightLine, int lanes,
                          boolean misaligned, java.util.Set<String> avoid) {
        this.avoid = avoid;
        this.lanes = lanes;
        this.misaligned = misaligned;
        this.seed = seed;
        this.index = index;
        this.straightLine = straightLine;
        this.r = new Random((seed ^ salt) * 0x9E3779B97F4A7C15L + index * 0xC2B2AE3D27D4EB4FL + 1);
        int[] regs = pickDistinct(3);
        this.base = regs[0];
        this.counter1 = regs[1];
        this.counter2 = regs[2];
        this.budget = size;
        this.source = build();
        this.bodyInstructions = emitted;
    }

    /** The program of this seed and index; every fourth one is straight-line. */
    static RandomProgram generate(long seed, int index, int size, java.util.Set<String> avoid) {
        return new RandomProgram(seed, 0, index, size, index % 4 == 0, 1, false, avoid);
    }

    /**
     * A program for {@code lanes} threads at once: each lane has its own initial registers and data
     * area, so data-dependent branches, loop trip counts and indirect jumps diverge; every lane
     * must still end exactly as it does alone on qemu.
     */
    static RandomProgram generateSimt(long seed, int index, int size, int lanes, java.util.Set<String> avoid) {
        return new RandomProgram(seed, 0x51D7L, index, size, false, lanes, false, avoid);
    }

    /** Like {@link #generateSimt}, with loads and stores at any byte offset (misaligned allowed). */
    static RandomProgram generateMisaligned(long seed, int index, int size, int lanes, java.util.Set<String> avoid) {
        return new RandomProgram(seed, 0xA11CL, index, size, index % 4 == 0, lanes, true, avoid);
    }

    String name() {
        return String.format("diff_%x_%03d%s%s", seed, index, lanes > 1 ? "_x" + lanes : "", misaligned ? "_mis" : "");
    }

    private int[] pickDistinct(int n) {
        int[] out = new int[n];
        long used = 0;
        for (int i = 0; i < n; i++) {
            int k;
            do {
                k = 2 + r.nextInt(30);           // never ra: it links the inline functions
            } while ((used & (1L << k)) != 0);
            used |= 1L << k;
            out[i] = k;
        }
        return out;
    }

    // ------------------------------------------------------------------ whole program

    private String build() {
        StringBuilder s = new StringBuilder(48 * 1024 * lanes);
        s.append("# ").append(name()).append(": random RV32IMAF program, seed ").append(seed).append(", index ")
                .append(index).append(straightLine ? ", straight-line" : ", with control flow")
                .append(lanes > 1 ? ", " + lanes + " lanes" : "").append('\n');
        s.append(String.format("# base register %s, loop counters %s %s%n", X_ABI[base], X_ABI[counter1],
                X_ABI[counter2]));
        s.append("    .option norelax\n    .text\n    .globl body_start\nbody_start:\n");
        s.append("    la t6, init_table\n    slli t5, t5, 8\n    add t6, t6, t5\n");
        s.append("    lw t5, 252(t6)\n    fscsr t5\n");
        for (int k = 0; k < 32; k++) {
            s.append("    flw ").append(F_ABI[k]).append(", ").append(124 + 4 * k).append("(t6)\n");
        }
        for (int k = 1; k <= 31; k++) {
            s.append("    lw ").append(X_ABI[k]).append(", ").append(4 * (k - 1)).append("(t6)\n");
        }
        s.append("# ---- body\n");
        block(budget, 0);
        while (budget > 0) {
            block(budget, 0);
        }
        s.append(out);
        s.append("# ---- epilogue\n    .globl body_end\nbody_end:\n");
        String b = X_ABI[base];
        for (int k = 1; k <= 31; k++) {
            s.append("    sw ").append(X_ABI[k]).append(", ").append(HALF + 4 * k).append('(').append(b).append(")\n");
        }
        for (int k = 0; k < 32; k++) {
            s.append("    fsw ").append(F_ABI[k]).append(", ").append(HALF + 128 + 4 * k).append('(').append(b)
                    .append(")\n");
        }
        String t = base == 5 ? "t1" : "t0";
        s.append("    frcsr ").append(t).append('\n');
        s.append("    sw ").append(t).append(", ").append(HALF + 256).append('(').append(b).append(")\n");
        s.append("""
                    la t0, mode_flag
                    lw t0, 0(t0)
                    bnez t0, .Lqemu_finish
                    csrr t1, 0xcd3
                    li t2, %3$d
                    mul t3, t1, t2
                    la a1, data_area
                    add a1, a1, t3
                    li t2, %2$d
                    mul t3, t1, t2
                    la a2, result_ptr
                    lw a2, 0(a2)
                    add a2, a2, t3
                    li a3, %1$d
                .Lcopy:
                    lw t0, 0(a1)
                    sw t0, 0(a2)
                    addi a1, a1, 4
                    addi a2, a2, 4
                    addi a3, a3, -1
                    bnez a3, .Lcopy
                    li ra, 0
                    ret
                .Lqemu_finish:
                    la t0, lane_index
                    lw t1, 0(t0)
                    li t2, %3$d
                    mul t3, t1, t2
                    la a1, data_area
                    add a1, a1, t3
                    li a2, %2$d
                .Lwrite:
                    li a0, 1
                    li a7, 64
                    ecall
                    blez a0, .Lwrite_failed
                    add a1, a1, a0
                    sub a2, a2, a0
                    bnez a2, .Lwrite
                    li a0, 0
                    li a7, 93
                    ecall
                .Lwrite_failed:
                    li a0, 3
                    li a7, 93
                    ecall

                # qemu entry: lane = argc - 1 (the test passes one dummy argument per lane index)
                    .globl _start
                _start:
                    la t0, mode_flag
                    li t1, 1
                    sw t1, 0(t0)
                    lw t5, 0(sp)
                    addi t5, t5, -1
                    la t0, lane_index
                    sw t5, 0(t0)
                    j body_start

                # rvsimt entry: lane = threadIdx.x, result buffer = first argument
                    .globl kernel_start
                kernel_start:
                    lw t0, 0(a0)
                    la t1, result_ptr
                    sw t0, 0(t1)
                    la t1, mode_flag
                    sw zero, 0(t1)
                    csrr t5, 0xcd3
                    j body_start

                    .data
                    .p2align 4
                init_table:
                """.formatted(RESULT_BYTES / 4, RESULT_BYTES, STRIDE));
        for (int lane = 0; lane < lanes; lane++) {
            s.append("# lane ").append(lane).append('\n');
            for (int k = 1; k <= 31; k++) {
                if (k == base) {
                    s.append("    .word data_area + ").append(lane * STRIDE + HALF).append('\n');
                } else {
                    s.append("    .word ").append(hex(randomInt())).append('\n');
                }
            }
            for (int k = 0; k < 32; k++) {
                s.append("    .word ").append(hex(randomFloat())).append('\n');
            }
            s.append("    .word ").append(hex(r.nextInt(5) << 5 | r.nextInt(32))).append("   # fcsr\n");
        }
        s.append("init_table_end:\ndata_area:\n");
        for (int lane = 0; lane < lanes; lane++) {
            s.append("# lane ").append(lane).append(": data, then the save area\n");
            for (int i = 0; i < AREA / 4; i += 4) {
                s.append("    .word ");
                for (int j = 0; j < 4; j++) {
                    s.append(j > 0 ? ", " : "").append(hex(r.nextInt(3) == 0 ? randomInt() : randomFloat()));
                }
                s.append('\n');
            }
            s.append("    .zero ").append(STRIDE - AREA).append('\n');
        }
        s.append("mode_flag:\n    .word 0\nresult_ptr:\n    .word 0\nlane_index:\n    .word 0\n");
        return s.toString();
    }

    static String hex(int v) {
        return "0x" + Integer.toHexString(v);
    }

    private int randomInt() {
        return switch (r.nextInt(8)) {
            case 0, 1 -> INT_SPECIAL[r.nextInt(INT_SPECIAL.length)];
            case 2 -> r.nextInt(33) - 16;
            case 3 -> randomFloat();
            case 4 -> r.nextInt() >> r.nextInt(32);
            default -> r.nextInt();
        };
    }

    private int randomFloat() {
        return switch (r.nextInt(8)) {
            case 0, 1 -> FLOAT_SPECIAL[r.nextInt(FLOAT_SPECIAL.length)];
            case 2 -> Float.floatToRawIntBits((r.nextInt(4001) - 2000) / 8.0f);
            case 3 -> r.nextInt(2) << 31 | r.nextInt(1 << 23);                     // subnormal
            case 4 -> r.nextInt();
            default -> r.nextInt(2) << 31 | (112 + r.nextInt(40)) << 23 | r.nextInt(1 << 23);
        };
    }

    // ------------------------------------------------------------------ emission helpers

    private void line(String text) {
        int sp = text.indexOf(' ');
        String mnemonic = sp < 0 ? text : text.substring(0, sp);
        if (avoid.contains(mnemonic)) {
            text = "nop";
        }
        out.append("    ").append(text).append('\n');
        budget--;
        emitted++;
    }

    private void label(String name) {
        out.append(name).append(":\n");
    }

    private String newLabel(String kind) {
        return ".L" + kind + "_" + (labels++);
    }

    private long noWrite = 0;

    private long reserved() {
        return 1L << base | 1L << counter1 | 1L << counter2 | noWrite;
    }

    /** A destination x register (sometimes x0), never a reserved one. */
    private int dst() {
        if (r.nextInt(30) == 0) {
            return 0;
        }
        return writable();
    }

    /** A writable x register other than x0. */
    private int writable() {
        int k;
        do {
            k = 1 + r.nextInt(31);
        } while ((reserved() & (1L << k)) != 0);
        return k;
    }

    private String x(int k) {
        int style = r.nextInt(10);
        if (style == 0) {
            return "x" + k;
        }
        if (style == 1 && k == 8) {
            return "fp";
        }
        return X_ABI[k];
    }

    private String xs() {
        return x(r.nextInt(32));
    }

    private String xd() {
        return x(dst());
    }

    private String f(int k) {
        return r.nextInt(8) == 0 ? "f" + k : F_ABI[k];
    }

    private String fr() {
        return f(r.nextInt(32));
    }

    private String rm() {
        return RM[r.nextInt(RM.length)];
    }

    private <T> T pick(T[] a) {
        return a[r.nextInt(a.length)];
    }

    private int imm12() {
        return switch (r.nextInt(6)) {
            case 0 -> pickInt(-2048, 2047, -1, 0, 1, 0x7FF, -2, 0x555, -0x556);
            case 1 -> r.nextInt(33) - 16;
            default -> r.nextInt(4096) - 2048;
        };
    }

    private int pickInt(int... v) {
        return v[r.nextInt(v.length)];
    }

    private String num(int v) {
        return r.nextInt(4) == 0 && v >= 0 ? hex(v) : Integer.toString(v);
    }

    // ------------------------------------------------------------------ structure

    private void block(int size, int depth) {
        int end = budget - size;
        while (budget > end && budget > 0) {
            int k = r.nextInt(100);
            if (straightLine || k < 78 || depth > 3) {
                simple();
            } else if (k < 86) {
                forwardBranch(depth);
            } else if (k < 90 && loopDepth < 2) {
                loop(depth);
            } else if (k < 92) {
                forwardJal(depth);
            } else if (k < 94) {
                forwardJalr(depth);
            } else if (k < 96) {
                indirectSwitch(depth);
            } else if (k < 98 && !inFunction && (reserved() & 2) == 0) {
                function(depth);
            } else {
                simple();
            }
        }
    }

    private static final String[] BRANCH = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "bgt", "ble", "bgtu", "bleu"};
    private static final String[] BRANCH_Z = {"beqz", "bnez", "blez", "bgez", "bltz", "bgtz"};

    private void forwardBranch(int depth) {
        String l = newLabel("skip");
        if (r.nextInt(4) == 0) {
            line(pick(BRANCH_Z) + " " + xs() + ", " + l);
        } else {
            int a = r.nextInt(32);
            int b = r.nextInt(5) == 0 ? a : r.nextInt(32);
            line(pick(BRANCH) + " " + x(a) + ", " + x(b) + ", " + l);
        }
        branchDepth++;
        block(1 + r.nextInt(8), depth + 1);
        branchDepth--;
        label(l);
    }

    private void forwardJal(int depth) {
        String l = newLabel("jal");
        switch (r.nextInt(3)) {
            case 0 -> line("j " + l);
            case 1 -> line("jal " + xd() + ", " + l);
            default -> {
                if ((reserved() & 2) == 0) {
                    line("jal " + l);
                } else {
                    line("j " + l);
                }
            }
        }
        block(1 + r.nextInt(5), depth + 1);
        label(l);
    }

    private void forwardJalr(int depth) {
        String l = newLabel("jalr");
        int t = writable();
        line("la " + x(t) + ", " + l);
        int off = 0;
        if (r.nextBoolean()) {
            off = 4 * (r.nextInt(9) - 4);
            if (off != 0) {
                line("addi " + x(t) + ", " + x(t) + ", " + (-off));
            }
        }
        switch (r.nextInt(4)) {
            case 0 -> line("jalr " + xd() + ", " + off + "(" + x(t) + ")");
            case 1 -> line(off == 0 ? "jr " + x(t) : "jalr zero, " + off + "(" + x(t) + ")");
            case 2 -> line(off == 0 && (reserved() & 2) == 0 ? "jalr " + x(t)
                    : "jalr " + xd() + ", " + x(t) + ", " + off);
            default -> line("jalr " + xd() + ", " + off + "(" + x(t) + ")");
        }
        block(1 + r.nextInt(5), depth + 1);
        label(l);
    }

    /** A two-way jump table indexed by a data bit: an indirect jump whose target differs by lane. */
    private void indirectSwitch(int depth) {
        int t = writable();
        long saved = noWrite;
        noWrite |= 1L << t;
        int u = writable();
        noWrite = saved;
        String tab = newLabel("table");
        String first = newLabel("case");
        String second = newLabel("case");
        String end = newLabel("endcase");
        line("andi " + x(t) + ", " + xs() + ", 1");
        line("slli " + x(t) + ", " + x(t) + ", 2");
        line("la " + x(u) + ", " + tab);
        line("add " + x(t) + ", " + x(t) + ", " + x(u));
        line(r.nextInt(3) == 0 ? "jalr " + xd() + ", 0(" + x(t) + ")" : "jr " + x(t));
        label(tab);
        line("j " + first);
        line("j " + second);
        label(first);
        block(1 + r.nextInt(5), depth + 1);
        line("j " + end);
        label(second);
        block(1 + r.nextInt(5), depth + 1);
        label(end);
    }

    private void loop(int depth) {
        int c = loopDepth == 0 ? counter1 : counter2;
        int trips = 1 + r.nextInt(loopDepth == 0 ? 8 : 4);
        String head = newLabel("loop");
        if (r.nextBoolean()) {
            line("li " + x(c) + ", " + trips);
        } else {
            // a data-dependent trip count (1..4 or 1..8): lanes leave the loop at different times
            line("andi " + x(c) + ", " + xs() + ", " + (loopDepth == 0 ? 7 : 3));
            line("addi " + x(c) + ", " + x(c) + ", 1");
        }
        label(head);
        loopDepth++;
        block(3 + r.nextInt(loopDepth == 1 ? 14 : 6), depth + 1);
        loopDepth--;
        line("addi " + x(c) + ", " + x(c) + ", -1");
        switch (r.nextInt(4)) {
            case 0 -> line("bnez " + x(c) + ", " + head);
            case 1 -> line("bgtz " + x(c) + ", " + head);
            case 2 -> line("bne " + x(c) + ", zero, " + head);
            default -> line("blt zero, " + x(c) + ", " + head);
        }
    }

    private void function(int depth) {
        String fn = newLabel("fn");
        String skip = newLabel("after");
        line("j " + skip);
        label(fn);
        long saved = noWrite;
        noWrite |= 2;
        inFunction = true;
        block(2 + r.nextInt(8), depth + 1);
        inFunction = false;
        noWrite = saved;
        line(r.nextBoolean() ? "ret" : "jalr zero, 0(ra)");
        label(skip);
        int calls = 1 + r.nextInt(2);
        for (int i = 0; i < calls; i++) {
            switch (r.nextInt(3)) {
                case 0 -> line("call " + fn);
                case 1 -> line("jal " + fn);
                default -> line("jal ra, " + fn);
            }
            if (i + 1 < calls) {
                simple();
            }
        }
    }

    // ------------------------------------------------------------------ instructions

    private void simple() {
        int k = r.nextInt(100);
        if (k < 20) {
            aluRR();
        } else if (k < 33) {
            aluRI();
        } else if (k < 36) {
            upper();
        } else if (k < 41) {
            li();
        } else if (k < 44) {
            intPseudo();
        } else if (k < 51) {
            load();
        } else if (k < 57) {
            store();
        } else if (k < 61) {
            fpMemory();
        } else if (k < 65) {
            atomic();
        } else if (k < 84) {
            fpOp();
        } else if (k < 88) {
            fpSpecial();
        } else if (k < 95) {
            csr();
        } else if (k < 96) {
            fence();
        } else {
            symbolic();
        }
    }

    private static final String[] ALU_RR = {"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
        "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu", "div", "rem", "divu", "remu"};

    private static final String[] BIT_RR = {"sh1add", "sh2add", "sh3add", "andn", "orn", "xnor", "max", "maxu",
        "min", "minu", "rol", "ror", "bclr", "bext", "binv", "bset"};
    private static final String[] BIT_UNARY = {"clz", "ctz", "cpop", "sext.b", "sext.h", "zext.h", "orc.b", "rev8"};
    private static final String[] BIT_SHAMT = {"rori", "bclri", "bexti", "binvi", "bseti"};

    /**
     * A Zba, Zbb or Zbs instruction. The programs are built for rv32imaf, with the bit-manipulation
     * extensions enabled around each such instruction only: with them enabled everywhere, LLVM's
     * {@code li} uses {@code bseti}, where GNU as and rvsimt use {@code lui + addi}.
     */
    private void bitManipulation() {
        out.append("    .option push\n    .option arch, +zba, +zbb, +zbs\n");
        switch (r.nextInt(3)) {
            case 0 -> {
                int a = r.nextInt(32);
                int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
                line(pick(BIT_RR) + " " + xd() + ", " + x(a) + ", " + x(b));
            }
            case 1 -> line(pick(BIT_UNARY) + " " + xd() + ", " + xs());
            default -> line(pick(BIT_SHAMT) + " " + xd() + ", " + xs() + ", " + pickShamt());
        }
        out.append("    .option pop\n");
    }

    private void aluRR() {
        if (r.nextInt(4) == 0) {
            bitManipulation();
            return;
        }
        int a = r.nextInt(32);
        int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
        line(pick(ALU_RR) + " " + xd() + ", " + x(a) + ", " + x(b));
    }

    private static final String[] ALU_RI = {"addi", "slti", "sltiu", "xori", "ori", "andi"};
    private static final String[] SHIFT_I = {"slli", "srli", "srai"};

    private void aluRI() {
        if (r.nextInt(3) == 0) {
            line(pick(SHIFT_I) + " " + xd() + ", " + xs() + ", " + pickShamt());
        } else {
            line(pick(ALU_RI) + " " + xd() + ", " + xs() + ", " + imm12());
        }
    }

    private int pickShamt() {
        return r.nextInt(4) == 0 ? pickInt(0, 1, 31, 16) : r.nextInt(32);
    }

    private void upper() {
        int imm = r.nextInt(4) == 0 ? pickInt(0, 1, 0x80000, 0xFFFFF, 0x7FFFF) : r.nextInt(1 << 20);
        line((r.nextBoolean() ? "lui " : "auipc ") + xd() + ", " + (r.nextBoolean() ? hex(imm) : imm));
    }

    private void li() {
        int v = r.nextBoolean() ? INT_SPECIAL[r.nextInt(INT_SPECIAL.length)] : randomInt();
        String text = r.nextBoolean() ? Integer.toString(v) : hex(v);
        line("li " + xd() + ", " + text);
    }

    private void intPseudo() {
        String d = xd();
        String s = xs();
        line(switch (r.nextInt(9)) {
            case 0 -> "mv " + d + ", " + s;
            case 1 -> "not " + d + ", " + s;
            case 2 -> "neg " + d + ", " + s;
            case 3 -> "seqz " + d + ", " + s;
            case 4 -> "snez " + d + ", " + s;
            case 5 -> "sltz " + d + ", " + s;
            case 6 -> "sgtz " + d + ", " + s;
            case 7 -> "zext.b " + d + ", " + s;
            default -> "nop";
        });
    }

    /**
     * An address operand for an access of {@code width} bytes: {@code imm(B)}, or an index register
     * computed from a random source as {@code (src & mask) + B} with a non-positive offset.
     */
    private String address(int width, boolean allowOffset) {
        if (misaligned && allowOffset) {
            return misalignedAddress(width);
        }
        int align = width;
        if (r.nextInt(3) == 0 && allowOffset) {
            int off = (r.nextInt(AREA) - HALF) & -align;
            return off + "(" + x(base) + ")";
        }
        int t = writable();
        int mask = (HALF - 1) & -align;
        line("andi " + x(t) + ", " + xs() + ", " + mask);
        line("add " + x(t) + ", " + x(t) + ", " + x(base));
        int off = allowOffset ? -(r.nextInt(HALF + 1) & -align) : 0;
        if (!allowOffset && r.nextBoolean()) {
            line("addi " + x(t) + ", " + x(t) + ", " + (-HALF));
        }
        lastIndex = t;
        return allowOffset && off == 0 && r.nextBoolean() ? "(" + x(t) + ")" : off + "(" + x(t) + ")";
    }

    private int lastIndex;

    /** Any byte address with the whole access inside the data area. */
    private String misalignedAddress(int width) {
        if (r.nextInt(3) == 0) {
            int off = r.nextInt(AREA - width + 1) - HALF;
            return off + "(" + x(base) + ")";
        }
        int t = writable();
        line("andi " + x(t) + ", " + xs() + ", " + (HALF - 1));
        line("add " + x(t) + ", " + x(t) + ", " + x(base));
        int off = -width - r.nextInt(HALF - width + 1);
        lastIndex = t;
        return off + "(" + x(t) + ")";
    }

    private void load() {
        String[] ops = {"lb", "lh", "lw", "lbu", "lhu"};
        int[] widths = {1, 2, 4, 1, 2};
        int k = r.nextInt(5);
        String a = address(widths[k], true);
        line(ops[k] + " " + xd() + ", " + a);
    }

    private void store() {
        String[] ops = {"sb", "sh", "sw"};
        int[] widths = {1, 2, 4};
        int k = r.nextInt(3);
        String a = address(widths[k], true);
        line(ops[k] + " " + xs() + ", " + a);
    }

    private void fpMemory() {
        if (r.nextInt(4) == 0) {
            halfPrecision(() -> {
                String a = address(2, true);
                line(r.nextBoolean() ? "flh " + fr() + ", " + a : "fsh " + fr() + ", " + a);
            });
            return;
        }
        String a = address(4, true);
        line(r.nextBoolean() ? "flw " + fr() + ", " + a : "fsw " + fr() + ", " + a);
    }

    /**
     * Zfh instructions, enabled around each one only (as the bit-manipulation ones are), so the rest
     * of the program is the rv32imaf one. Their operands are whatever the f registers hold: NaN-boxed
     * halves (from flh, fmv.h.x and earlier half results) and unboxed singles, which Zfh reads as the
     * canonical NaN.
     */
    private void halfPrecision(Runnable emit) {
        out.append("    .option push\n    .option arch, +zfh\n");
        emit.run();
        out.append("    .option pop\n");
    }

    private static final String[] HALF_RR_RM = {"fadd.h", "fsub.h", "fmul.h", "fdiv.h"};
    private static final String[] HALF_FMA = {"fmadd.h", "fmsub.h", "fnmsub.h", "fnmadd.h"};
    private static final String[] HALF_RR = {"fsgnj.h", "fsgnjn.h", "fsgnjx.h", "fmin.h", "fmax.h"};
    private static final String[] HALF_CMP = {"feq.h", "flt.h", "fle.h"};

    private void halfOp() {
        int k = r.nextInt(100);
        int a = r.nextInt(32);
        int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
        if (k < 20) {
            line(pick(HALF_RR_RM) + " " + fr() + ", " + f(a) + ", " + f(b) + rm());
        } else if (k < 24) {
            line("fsqrt.h " + fr() + ", " + fr() + rm());
        } else if (k < 36) {
            line(pick(HALF_FMA) + " " + fr() + ", " + f(a) + ", " + f(b) + ", " + fr() + rm());
        } else if (k < 44) {
            line(pick(HALF_RR) + " " + fr() + ", " + f(a) + ", " + f(b));
        } else if (k < 50) {
            line(pick(HALF_CMP) + " " + xd() + ", " + f(a) + ", " + f(b));
        } else if (k < 53) {
            line("fclass.h " + xd() + ", " + fr());
        } else if (k < 60) {
            line((r.nextBoolean() ? "fcvt.w.h " : "fcvt.wu.h ") + xd() + ", " + fr() + rm());
        } else if (k < 66) {
            line((r.nextBoolean() ? "fcvt.h.w " : "fcvt.h.wu ") + fr() + ", " + xs() + rm());
        } else if (k < 76) {
            line("fcvt.h.s " + fr() + ", " + fr() + rm());
        } else if (k < 84) {
            line("fcvt.s.h " + fr() + ", " + fr());
        } else if (k < 90) {
            line("fmv.x.h " + xd() + ", " + fr());
        } else if (k < 97) {
            line("fmv.h.x " + fr() + ", " + xs());
        } else {
            line(pick(new String[] {"fmv.h", "fneg.h", "fabs.h"}) + " " + fr() + ", " + fr());
        }
    }

    private static final String[] AMO = {"amoswap.w", "amoadd.w", "amoxor.w", "amoand.w", "amoor.w", "amomin.w",
        "amomax.w", "amominu.w", "amomaxu.w"};
    private static final String[] ORDER = {"", "", ".aq", ".rl", ".aqrl"};

    private void atomic() {
        String a = address(4, false);
        int t = lastIndex;
        switch (r.nextInt(4)) {
            case 0, 1 -> line(pick(AMO) + pick(ORDER) + " " + xd() + ", " + xs() + ", " + a);
            case 2 -> line("lr.w" + pick(ORDER) + " " + xd() + ", " + a);
            default -> {
                // lr/sc pair on the same address, sometimes with an intervening store or a second address
                long saved = noWrite;
                noWrite |= 1L << t;
                line("lr.w" + pick(ORDER) + " " + xd() + ", " + a);
                int between = r.nextInt(3);
                for (int i = 0; i < between; i++) {
                    if (r.nextInt(3) == 0) {
                        line(pick(new String[] {"sw", "sb"}) + " " + xs() + ", 0(" + x(t) + ")");
                    } else {
                        aluRR();
                    }
                }
                if (r.nextInt(6) == 0) {
                    line("sc.w" + pick(ORDER) + " " + xd() + ", " + xs() + ", " + a);
                }
                line("sc.w" + pick(ORDER) + " " + xd() + ", " + xs() + ", " + a);
                noWrite = saved;
            }
        }
    }

    private static final String[] FP_RR_RM = {"fadd.s", "fsub.s", "fmul.s", "fdiv.s"};
    private static final String[] FP_FMA = {"fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"};
    private static final String[] FP_RR = {"fsgnj.s", "fsgnjn.s", "fsgnjx.s", "fmin.s", "fmax.s", "fmin.s", "fmax.s"};
    private static final String[] FP_CMP = {"feq.s", "flt.s", "fle.s"};

    private void fpOp() {
        if (r.nextInt(4) == 0) {
            halfPrecision(this::halfOp);
            return;
        }
        int k = r.nextInt(100);
        if (k < 22) {
            int a = r.nextInt(32);
            int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
            line(pick(FP_RR_RM) + " " + fr() + ", " + f(a) + ", " + f(b) + rm());
        } else if (k < 27) {
            line("fsqrt.s " + fr() + ", " + fr() + rm());
        } else if (k < 42) {
            line(pick(FP_FMA) + " " + fr() + ", " + fr() + ", " + fr() + ", " + fr() + rm());
        } else if (k < 54) {
            int a = r.nextInt(32);
            int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
            line(pick(FP_RR) + " " + fr() + ", " + f(a) + ", " + f(b));
        } else if (k < 62) {
            int a = r.nextInt(32);
            int b = r.nextInt(6) == 0 ? a : r.nextInt(32);
            line(pick(FP_CMP) + " " + xd() + ", " + f(a) + ", " + f(b));
        } else if (k < 66) {
            line("fclass.s " + xd() + ", " + fr());
        } else if (k < 76) {
            line((r.nextBoolean() ? "fcvt.w.s " : "fcvt.wu.s ") + xd() + ", " + fr() + rm());
        } else if (k < 84) {
            line((r.nextBoolean() ? "fcvt.s.w " : "fcvt.s.wu ") + fr() + ", " + xs() + rm());
        } else if (k < 89) {
            line((r.nextInt(4) == 0 ? "fmv.x.s " : "fmv.x.w ") + xd() + ", " + fr());
        } else if (k < 94) {
            line((r.nextInt(4) == 0 ? "fmv.s.x " : "fmv.w.x ") + fr() + ", " + xs());
        } else {
            line(pick(new String[] {"fmv.s", "fneg.s", "fabs.s"}) + " " + fr() + ", " + fr());
        }
    }

    /** A special float (NaN with payloads, infinities, subnormals, ...) into an f register. */
    private void fpSpecial() {
        int t = writable();
        line("li " + x(t) + ", " + hex(FLOAT_SPECIAL[r.nextInt(FLOAT_SPECIAL.length)]));
        line("fmv.w.x " + fr() + ", " + x(t));
    }

    /** fflags/frm/fcsr accesses; frm always stays a valid rounding mode (0..4). */
    private void csr() {
        String d = xd();
        switch (r.nextInt(20)) {
            case 0 -> line("frflags " + d);
            case 1 -> line("frrm " + d);
            case 2 -> line("frcsr " + d);
            case 3 -> line(r.nextBoolean() ? "fsflags " + d + ", " + xs() : "fsflags " + xs());
            case 4 -> line(r.nextBoolean() ? "fsflagsi " + d + ", " + r.nextInt(32) : "fsflagsi " + r.nextInt(32));
            case 5 -> line(r.nextBoolean() ? "fsrmi " + d + ", " + r.nextInt(5) : "fsrmi " + r.nextInt(5));
            case 6 -> line("csrrwi " + d + ", frm, " + r.nextInt(5));
            case 7 -> {
                int t = writable();
                line("andi " + x(t) + ", " + xs() + ", 3");
                line(r.nextBoolean() ? "fsrm " + d + ", " + x(t) : "fsrm " + x(t));
            }
            case 8 -> line("csrrci " + d + ", frm, " + r.nextInt(32));
            case 9 -> {
                int t = writable();
                line("andi " + x(t) + ", " + xs() + ", 0x7f");
                line(r.nextBoolean() ? "fscsr " + d + ", " + x(t) : "fscsr " + x(t));
            }
            case 10 -> line("csrrwi " + d + ", fcsr, " + r.nextInt(32));
            case 11 -> line("csrrci " + d + ", fcsr, " + r.nextInt(32));
            case 12 -> line("csrrsi " + d + ", fcsr, " + r.nextInt(32));
            case 13 -> line("csrrs " + d + ", fflags, " + xs());
            case 14 -> line("csrrc " + d + ", fflags, " + xs());
            case 15 -> line("csrrw " + d + ", fflags, " + xs());
            case 16 -> line("csrrc " + d + ", " + pick(new String[] {"fcsr", "frm", "0x3", "0x2"}) + ", " + xs());
            case 17 -> {
                line("csrrci zero, frm, 4");
                line("csrrsi " + d + ", frm, " + r.nextInt(4));
            }
            case 18 -> {
                int t = writable();
                line("andi " + x(t) + ", " + xs() + ", 31");
                line("csrrs " + d + ", fcsr, " + x(t));
            }
            default -> line("csrr " + d + ", " + pick(new String[] {"fflags", "frm", "fcsr", "0x001", "3"}));
        }
    }

    private void fence() {
        line(pick(new String[] {"fence", "fence rw, rw", "fence r, w", "fence iorw, iorw", "fence w, r", "fence.tso"}));
    }

    /** Symbol-relative addressing: %hi/%lo, %pcrel_hi/%pcrel_lo, la and the load-symbol pseudo. */
    private void symbolic() {
        int t = writable();
        // One lane's stores must not reach another lane's loads: with several lanes, symbol loads
        // read the init table, which nothing writes.
        String sym = lanes > 1 ? "init_table" : "data_area";
        int off = r.nextInt(lanes > 1 ? INIT_BYTES * lanes : AREA) & -4;
        switch (r.nextInt(5)) {
            case 0 -> {
                line("lui " + x(t) + ", %hi(" + sym + " + " + off + ")");
                line("lw " + xd() + ", %lo(" + sym + " + " + off + ")(" + x(t) + ")");
            }
            case 1 -> {
                String l = newLabel("pcrel");
                label(l);
                line("auipc " + x(t) + ", %pcrel_hi(" + sym + " + " + off + ")");
                line("addi " + x(t) + ", " + x(t) + ", %pcrel_lo(" + l + ")");
            }
            case 2 -> line("la " + x(t) + ", " + sym + " + " + off);
            case 3 -> line("lw " + x(t) + ", " + sym + " + " + off);
            default -> {
                int u = writable();
                line("flw " + fr() + ", " + sym + " + " + off + ", " + x(u));
            }
        }
    }
}
