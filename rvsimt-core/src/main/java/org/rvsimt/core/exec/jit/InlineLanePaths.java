package org.rvsimt.core.exec.jit;

import static java.lang.constant.ConstantDescs.CD_boolean;
import static java.lang.constant.ConstantDescs.CD_byte;
import static java.lang.constant.ConstantDescs.CD_float;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.Operation;

/**
 * The fast paths of a lane's 32-bit load and store and of its f32 add, sub, mul, div and fused
 * multiply-add, emitted into the lane loop itself, with the shared helpers ({@link LaneOps#load},
 * {@code FloatOps.fmaddS}, ...) called only on the slow path.
 *
 * <p>Why: in a fresh process the generated blocks run for most of a short launch as C1 code, and C1
 * inlines no callee over 35 bytes, so each lane paid two or three calls per access
 * ({@code LaneOps.load -> Windows.load -> Vram.load}, whose byte-array view VarHandle C1 does not
 * fold either) and two per float operation ({@code fmaddS -> fma}). In line, C1 code does the access
 * with plain array element loads and the float operation with its intrinsic.
 *
 * <p>Bit-identical by construction: the memory fast path takes exactly the accesses
 * {@code LaneOps.load/store} does in line (aligned and whole inside VRAM, else inside shared memory),
 * little-endian as VRAM is; the float fast path is {@code FloatOps}' own: the lane's NX flag already
 * set and the mode round-to-nearest-even, the host's correctly rounded float result, kept only when
 * it is a normal number of magnitude at least 2^-125 (then no other flag can have been raised);
 * everything else calls the helper, which decides again from the start.
 */
final class InlineLanePaths {
    /** -Drvsimt.jit.inlinePaths=false: the helpers on every path (to measure). */
    static final boolean ON = !"false".equals(System.getProperty("rvsimt.jit.inlinePaths"));

    /**
     * Property that turns on the in-line memory paths (read when a block is compiled). Off by default:
     * C2 does not merge the four byte loads into one, and warm saxpy (full warps on host SIMD, the
     * rest plain) took 140-160 ms of process CPU with them against 110-130 ms without (load 8-9,
     * interleaved, three runs each), while a first launch gained little beside the lane-loop methods.
     */
    static final String MEMORY_PROPERTY = "rvsimt.jit.inlineMemory";

    /** The memory paths for this compile ({@link #MEMORY_PROPERTY}). */
    private final boolean memory = Boolean.getBoolean(MEMORY_PROPERTY);

    /**
     * At most this many inline paths per generated method: each costs about 60-90 bytes of
     * bytecode, and HotSpot compiles no method over 8000 bytes (a block of 64 instructions has two
     * run methods with a lane loop each).
     */
    static final int PER_METHOD = 40;

    private static final ClassDesc CD_CONTEXT = ClassDesc.of(BlockContext.class.getName());
    private static final ClassDesc CD_WARP = ClassDesc.of(Warp.class.getName());
    private static final ClassDesc CD_LANEOPS = ClassDesc.of(LaneOps.class.getName());
    private static final ClassDesc CD_FLOAT = ClassDesc.of("java.lang.Float");
    private static final ClassDesc CD_MATH = ClassDesc.of("java.lang.Math");
    private static final ClassDesc CD_BYTES = CD_byte.arrayType();
    private static final MethodTypeDesc LOAD = MethodTypeDesc.of(CD_int, CD_CONTEXT, CD_WARP, CD_int, CD_int, CD_int,
            CD_boolean);
    private static final MethodTypeDesc STORE = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int, CD_int, CD_int,
            CD_int);
    private static final MethodTypeDesc TO_FLOAT = MethodTypeDesc.of(CD_float, CD_int);
    private static final MethodTypeDesc TO_BITS = MethodTypeDesc.of(CD_int, CD_float);
    private static final MethodTypeDesc FMA = MethodTypeDesc.of(CD_float, CD_float, CD_float, CD_float);
    private static final int SIGN = 0x80000000;

    // Locals of the generated methods this class uses (above BlockCompiler's own).
    /** The access's address (set by the caller). */
    static final int ADDR = 21;
    /** The stored value (set by the caller), or the float operands a, b, c. */
    static final int VALUE = 22;
    static final int A = 22;
    static final int B = 23;
    static final int C = 24;
    private static final int OFF = 25;
    private static final int ARRAY = 26;
    private static final int EXPONENT = 27;
    private static final int RESULT = 28;

    private final int ctx;
    private final int warp;
    private final int lane;
    private final int flags;
    private int emitted;

    /** Emits into methods whose context, warp, lane and fflags array are in these locals. */
    InlineLanePaths(int ctx, int warp, int lane, int flags) {
        this.ctx = ctx;
        this.warp = warp;
        this.lane = lane;
        this.flags = flags;
    }

    /** A new generated method begins: its budget of inline paths is full again. */
    void startMethod() {
        emitted = 0;
    }

    private boolean take() {
        if (!ON || emitted >= PER_METHOD) {
            return false;
        }
        emitted++;
        return true;
    }

    /**
     * A 32-bit load: with the address in {@link #ADDR}, leaves the loaded word on the stack, and
     * returns true; false (nothing emitted) when this method's budget is spent.
     */
    boolean load32(CodeBuilder code) {
        return access(code, false);
    }

    /**
     * A 32-bit store of {@link #VALUE} to {@link #ADDR}; false (nothing emitted) when this method's
     * budget is spent.
     */
    boolean store32(CodeBuilder code) {
        return access(code, true);
    }

    /** The word at ADDR: in VRAM, else in shared memory, else (misaligned, elsewhere) the helper. */
    private boolean access(CodeBuilder code, boolean store) {
        if (!memory || !take()) {
            return false;
        }
        Label shared = code.newLabel();
        Label slow = code.newLabel();
        Label done = code.newLabel();
        window(code, shared, slow);
        code.aload(ctx).getfield(CD_CONTEXT, "mem", CD_BYTES).astore(ARRAY);
        word(code, ADDR, store);
        code.goto_(done);
        code.labelBinding(shared);
        sharedWindow(code, slow);
        code.aload(ctx).getfield(CD_CONTEXT, "shared", CD_BYTES).astore(ARRAY);
        word(code, OFF, store);
        code.goto_(done);
        code.labelBinding(slow);
        code.aload(ctx).aload(warp).iload(lane).iload(ADDR).iconst_4();
        if (store) {
            code.iload(VALUE).invokestatic(CD_LANEOPS, "store", STORE);
        } else {
            code.iconst_0().invokestatic(CD_LANEOPS, "load", LOAD);
        }
        code.labelBinding(done);
        return true;
    }

    private static void word(CodeBuilder code, int at, boolean store) {
        if (store) {
            writeWord(code, at);
        } else {
            readWord(code, at);
        }
    }

    /** Falls through when ADDR is an aligned word inside VRAM; to {@code shared} when it is not in VRAM, to {@code slow} when misaligned. */
    private void window(CodeBuilder code, Label shared, Label slow) {
        code.iload(ADDR).iflt(shared);
        code.iload(ADDR).aload(ctx).getfield(CD_CONTEXT, "vramSize", CD_int).iconst_4().isub().if_icmpgt(shared);
        code.iload(ADDR).iconst_3().iand().ifne(slow);
    }

    /** Falls through, with OFF set, when ADDR is an aligned word inside shared memory; else to {@code slow}. */
    private void sharedWindow(CodeBuilder code, Label slow) {
        code.iload(ADDR).loadConstant(MemoryMap.SHARED_BASE).isub().istore(OFF);
        code.iload(OFF).iflt(slow);
        code.iload(OFF).aload(ctx).getfield(CD_CONTEXT, "shared", CD_BYTES).arraylength().iconst_4().isub()
                .if_icmpgt(slow);
        code.iload(ADDR).iconst_3().iand().ifne(slow);
    }

    /** Pushes the little-endian word of ARRAY at the index in local {@code at}. */
    private static void readWord(CodeBuilder code, int at) {
        code.aload(ARRAY).iload(at).baload().loadConstant(0xFF).iand();
        for (int k = 1; k < 4; k++) {
            code.aload(ARRAY).iload(at).loadConstant(k).iadd().baload();
            if (k < 3) {
                code.loadConstant(0xFF).iand();
            }
            code.loadConstant(8 * k).ishl().ior();
        }
    }

    /** Writes VALUE little-endian into ARRAY at the index in local {@code at}. */
    private static void writeWord(CodeBuilder code, int at) {
        for (int k = 0; k < 4; k++) {
            code.aload(ARRAY).iload(at);
            if (k > 0) {
                code.loadConstant(k).iadd();
            }
            code.iload(VALUE);
            if (k > 0) {
                code.loadConstant(8 * k).ishr();
            }
            code.bastore();
        }
    }

    /** Whether {@code op} with rounding field {@code rm} has an inline fast path ({@link #float32}). */
    static boolean floatFastPath(Operation op, int rm) {
        boolean nearestOrDynamic = rm == 0 || rm == 7;
        return nearestOrDynamic && switch (op) {
            case Operation.FpArith a -> a == Operation.FpArith.FADD || a == Operation.FpArith.FSUB
                    || a == Operation.FpArith.FMUL || a == Operation.FpArith.FDIV;
            case Operation.FpFused f -> f == Operation.FpFused.FMADD || f == Operation.FpFused.FMSUB
                    || f == Operation.FpFused.FNMSUB || f == Operation.FpFused.FNMADD;
            default -> false;
        };
    }

    /**
     * The f32 operation {@code op} (one {@link #floatFastPath} accepts) on the raw bits in A, B (and
     * C for the fused ones): leaves the result's bits on the stack; {@code slow} pushes the same
     * result the helper's way (operands, rounding mode, flags and lane, the call). False (nothing
     * emitted) when this method's budget is spent.
     */
    boolean float32(CodeBuilder code, Operation op, int rm, Runnable slow) {
        if (!take()) {
            return false;
        }
        Label slowPath = code.newLabel();
        Label done = code.newLabel();
        code.aload(flags).iload(lane).iaload().iconst_1().iand().ifeq(slowPath);
        if (rm == 7) {
            code.aload(warp).getfield(CD_WARP, "frm", CD_int.arrayType()).iload(lane).iaload().ifne(slowPath);
        }
        switch (op) {
            case Operation.FpArith a -> {
                operand(code, A, false);
                operand(code, B, a == Operation.FpArith.FSUB);
                switch (a) {
                    case FADD, FSUB -> code.fadd();
                    case FMUL -> code.fmul();
                    default -> code.fdiv();
                }
            }
            case Operation.FpFused f -> {
                boolean negateProduct = f == Operation.FpFused.FNMSUB || f == Operation.FpFused.FNMADD;
                boolean negateAddend = f == Operation.FpFused.FMSUB || f == Operation.FpFused.FNMADD;
                operand(code, A, negateProduct);
                operand(code, B, false);
                operand(code, C, negateAddend);
                code.invokestatic(CD_MATH, "fma", FMA);
            }
            default -> throw new IllegalArgumentException("no inline float path for " + op);
        }
        code.invokestatic(CD_FLOAT, "floatToRawIntBits", TO_BITS).istore(RESULT);
        // plainNormal: biased exponent in 2..254.
        code.iload(RESULT).loadConstant(23).iushr().loadConstant(0xFF).iand().istore(EXPONENT);
        code.iload(EXPONENT).iconst_2().if_icmplt(slowPath);
        code.iload(EXPONENT).loadConstant(254).if_icmpgt(slowPath);
        code.iload(RESULT).goto_(done);
        code.labelBinding(slowPath);
        slow.run();
        code.labelBinding(done);
        return true;
    }

    /** Pushes the float of the bits in {@code local}, its sign flipped first when asked (as FloatOps does). */
    private static void operand(CodeBuilder code, int local, boolean negate) {
        code.iload(local);
        if (negate) {
            code.loadConstant(SIGN).ixor();
        }
        code.invokestatic(CD_FLOAT, "intBitsToFloat", TO_FLOAT);
    }
}
