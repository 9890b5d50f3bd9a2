package org.rvsimt.core.exec.jit;

import java.io.Serializable;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rvsimt.core.semantics.Control;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.HalfOps;
import org.rvsimt.core.semantics.LowPrecision;
import org.rvsimt.core.semantics.Sfu;
import org.rvsimt.core.semantics.SfuFast;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.Alu;
import org.rvsimt.isa.Operation.Branch;
import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpCompare;
import org.rvsimt.isa.Operation.FpFused;
import org.rvsimt.isa.Operation.FpMinMax;
import org.rvsimt.isa.Operation.FpToInt;
import org.rvsimt.isa.Operation.FromLowPrecision;
import org.rvsimt.isa.Operation.IntToFp;
import org.rvsimt.isa.Operation.SignInject;
import org.rvsimt.isa.Operation.SpecialFunction;
import org.rvsimt.isa.Operation.Standalone;
import org.rvsimt.isa.Operation.ToLowPrecision;
import org.rvsimt.isa.semantics.IntBinary;

/**
 * The one place the JIT maps an operation to the semantic method its compiled lane loop calls.
 * The integer ALU operations carry their method ({@link Alu#semantics()}, {@link
 * Operation.AluFunction}); every other family is an exhaustive switch of typed method references here
 * (so the compiler names a missing operation, and a reference of the wrong signature does not
 * compile). The first block that needs
 * an operation resolves its reference to the static method it names, so compiled blocks call that method
 * directly ({@code invokestatic}) and C2 inlines it. A reference that cannot be called that way
 * fails its resolution, which JitSemanticsTest runs for every operation.
 */
final class JitSemantics {

    /** A static method as generated code calls it. */
    record Target(ClassDesc owner, String name, MethodTypeDesc type) { }

    // The shapes of the semantic methods, one per operand form (the integer ALU's, IntBinary, is
    // rvsimt-isa's: its declarations carry their method). Serializable, so a method reference can be
    // resolved to the method it names (see target()).

    interface IntUnary extends Serializable {
        int apply(int a);
    }

    interface Condition extends Serializable {
        boolean test(int a, int b);
    }

    interface Rounded1 extends Serializable {
        int apply(int a, int rm, int[] flags, int lane);
    }

    interface Rounded2 extends Serializable {
        int apply(int a, int b, int rm, int[] flags, int lane);
    }

    interface Rounded3 extends Serializable {
        int apply(int a, int b, int c, int rm, int[] flags, int lane);
    }

    interface Flagged2 extends Serializable {
        int apply(int a, int b, int[] flags, int lane);
    }

    // Resolved on first use, per operation: resolving a reference spins up its lambda class, and
    // resolving all ~200 when the class loaded cost 0.65-0.8 s of every JIT process's start (a loaded
    // 2-core machine), while a kernel's blocks call a handful. JitSemanticsTest resolves them all.
    private static final Map<Operation, Target> EXACT = new ConcurrentHashMap<>();
    private static final Map<Operation, Target> FAST_SFU = new ConcurrentHashMap<>();

    private JitSemantics() { }

    /** The method a compiled block calls for {@code op}; {@code fastSfu} picks the fast SFU approximations. */
    static Target of(Operation op, boolean fastSfu) {
        Map<Operation, Target> cache = fastSfu ? FAST_SFU : EXACT;
        Target t = cache.get(op);
        if (t == null) {
            Serializable reference = reference(op, fastSfu);
            if (reference == null) {
                throw new IllegalStateException("the JIT calls no semantic method for " + op.label());
            }
            t = target(op, reference);
            cache.putIfAbsent(op, t);
        }
        return t;
    }

    /** The semantic method of {@code op}, or null for operations compiled without one (or not compiled). */
    private static Serializable reference(Operation op, boolean fastSfu) {
        return switch (op) {
            case Alu alu -> alu.semantics();
            case Operation.AluFunction declared -> declared.semantics();
            case Branch branch -> branch(branch);
            case FpArith arith -> arith(arith);
            case FpFused fused -> fused(fused);
            case SignInject sign -> signInject(sign);
            case FpMinMax minMax -> minMax(minMax);
            case FpCompare compare -> compare(compare);
            case FpToInt cvt -> toInt(cvt);
            case IntToFp cvt -> fromInt(cvt);
            case FromLowPrecision lowp -> widen(lowp);
            case ToLowPrecision lowp -> narrow(lowp);
            case SpecialFunction sfu -> special(sfu, fastSfu);
            case Standalone single -> standalone(single);
            case Operation.Load load -> null;
            case Operation.Store store -> null;
            case Operation.CsrAccess csr -> null;
            case Operation.Amo amo -> null;
            case Operation.Vote vote -> null;
            case Operation.Shuffle shuffle -> null;
            case Operation.Vector vector -> null;      // the vector unit runs it
            case Operation.Matrix matrix -> null;      // the matrix unit runs it
        };
    }

    private static Condition branch(Branch op) {
        return switch (op) {
            case BEQ -> Control::beq;
            case BNE -> Control::bne;
            case BLT -> Control::blt;
            case BGE -> Control::bge;
            case BLTU -> Control::bltu;
            case BGEU -> Control::bgeu;
        };
    }

    private static Rounded2 arith(FpArith op) {
        return switch (op) {
            case FADD -> FloatOps::faddS;
            case FSUB -> FloatOps::fsubS;
            case FMUL -> FloatOps::fmulS;
            case FDIV -> FloatOps::fdivS;
            case FADD_H -> HalfOps::faddH;
            case FSUB_H -> HalfOps::fsubH;
            case FMUL_H -> HalfOps::fmulH;
            case FDIV_H -> HalfOps::fdivH;
        };
    }

    private static Rounded3 fused(FpFused op) {
        return switch (op) {
            case FMADD -> FloatOps::fmaddS;
            case FMSUB -> FloatOps::fmsubS;
            case FNMSUB -> FloatOps::fnmsubS;
            case FNMADD -> FloatOps::fnmaddS;
            case FMADD_H -> HalfOps::fmaddH;
            case FMSUB_H -> HalfOps::fmsubH;
            case FNMSUB_H -> HalfOps::fnmsubH;
            case FNMADD_H -> HalfOps::fnmaddH;
        };
    }

    private static IntBinary signInject(SignInject op) {
        return switch (op) {
            case FSGNJ -> FloatOps::fsgnjS;
            case FSGNJN -> FloatOps::fsgnjnS;
            case FSGNJX -> FloatOps::fsgnjxS;
            case FSGNJ_H -> HalfOps::fsgnjH;
            case FSGNJN_H -> HalfOps::fsgnjnH;
            case FSGNJX_H -> HalfOps::fsgnjxH;
        };
    }

    private static Flagged2 minMax(FpMinMax op) {
        return switch (op) {
            case FMIN -> FloatOps::fminS;
            case FMAX -> FloatOps::fmaxS;
            case FMIN_H -> HalfOps::fminH;
            case FMAX_H -> HalfOps::fmaxH;
        };
    }

    private static Flagged2 compare(FpCompare op) {
        return switch (op) {
            case FEQ -> FloatOps::feqS;
            case FLT -> FloatOps::fltS;
            case FLE -> FloatOps::fleS;
            case FEQ_H -> HalfOps::feqH;
            case FLT_H -> HalfOps::fltH;
            case FLE_H -> HalfOps::fleH;
        };
    }

    private static Rounded1 toInt(FpToInt op) {
        return switch (op) {
            case FCVT_W_S -> FloatOps::fcvtWS;
            case FCVT_WU_S -> FloatOps::fcvtWuS;
            case FCVT_W_H -> HalfOps::fcvtWH;
            case FCVT_WU_H -> HalfOps::fcvtWuH;
        };
    }

    private static Rounded1 fromInt(IntToFp op) {
        return switch (op) {
            case FCVT_S_W -> FloatOps::fcvtSW;
            case FCVT_S_WU -> FloatOps::fcvtSWu;
            case FCVT_H_W -> HalfOps::fcvtHW;
            case FCVT_H_WU -> HalfOps::fcvtHWu;
        };
    }

    private static IntUnary widen(FromLowPrecision op) {
        return switch (op) {
            case FCVT_S_BF16 -> LowPrecision::fcvtSBf16;
            case FCVT_S_E4M3 -> LowPrecision::fcvtSE4m3;
            case FCVT_S_E5M2 -> LowPrecision::fcvtSE5m2;
            case FCVT_S_E2M1 -> LowPrecision::fcvtSE2m1;
        };
    }

    private static IntBinary narrow(ToLowPrecision op) {
        return switch (op) {
            case FCVT_BF16_S -> LowPrecision::fcvtBf16S;
            case FCVT_E4M3_S -> LowPrecision::fcvtE4m3S;
            case FCVT_E5M2_S -> LowPrecision::fcvtE5m2S;
            case FCVT_E2M1_S -> LowPrecision::fcvtE2m1S;
        };
    }

    private static IntUnary special(SpecialFunction op, boolean fast) {
        return switch (op) {
            case FEXP -> fast ? SfuFast::fexpS : Sfu::fexpS;
            case FLN -> fast ? SfuFast::flnS : Sfu::flnS;
            case FRCP -> fast ? SfuFast::frcpS : Sfu::frcpS;
            case FRSQRT -> fast ? SfuFast::frsqrtS : Sfu::frsqrtS;
            case FTANH -> fast ? SfuFast::ftanhS : Sfu::ftanhS;
            case FSIGMOID -> fast ? SfuFast::fsigmoidS : Sfu::fsigmoidS;
            case FSIN -> fast ? SfuFast::fsinS : Sfu::fsinS;
            case FCOS -> fast ? SfuFast::fcosS : Sfu::fcosS;
        };
    }

    /** The f-register moves, sqrt and class; the other standalone operations compile without a call. */
    private static Serializable standalone(Standalone op) {
        return switch (op) {
            case FSQRT -> (Rounded1) FloatOps::fsqrtS;
            case FCLASS -> (IntUnary) FloatOps::fclassS;
            case FMV_X_W -> (IntUnary) FloatOps::fmvXW;
            case FMV_W_X -> (IntUnary) FloatOps::fmvWX;
            case FSQRT_H -> (Rounded1) HalfOps::fsqrtH;
            case FCVT_S_H -> (Rounded1) HalfOps::fcvtSH;
            case FCVT_H_S -> (Rounded1) HalfOps::fcvtHS;
            case FCLASS_H -> (IntUnary) HalfOps::fclassH;
            case FMV_X_H -> (IntUnary) HalfOps::fmvXH;
            case FMV_H_X -> (IntUnary) HalfOps::fmvHX;
            case LUI, AUIPC, JAL, JALR, ECALL, EBREAK, FENCE, FENCE_I, FLW, FSW, FLH, FSH, LR, SC, TMC, WSPAWN, SPLIT,
                 SPLIT_N, JOIN, BAR, PRED, PRED_N -> null;
        };
    }

    /**
     * The static method a method reference names, read from its serialized form. Checked: it must be
     * a reference to a static method whose type is exactly the functional interface's (no boxing or
     * widening the generated call would not do), not a lambda body.
     */
    private static Target target(Operation op, Serializable reference) {
        SerializedLambda s;
        try {
            Method replace = reference.getClass().getDeclaredMethod("writeReplace");
            replace.setAccessible(true);
            s = (SerializedLambda) replace.invoke(reference);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JIT semantics of " + op.label() + ": not a method reference", e);
        }
        if (s.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic || s.getImplMethodName().startsWith("lambda$")
                || !s.getImplMethodSignature().equals(s.getInstantiatedMethodType())) {
            throw new IllegalStateException("JIT semantics of " + op.label() + " must be a reference to a static method"
                    + " of exactly the interface's type, not " + s.getImplClass() + "." + s.getImplMethodName()
                    + s.getImplMethodSignature());
        }
        return new Target(ClassDesc.ofInternalName(s.getImplClass()), s.getImplMethodName(),
                MethodTypeDesc.ofDescriptor(s.getImplMethodSignature()));
    }

    /** Every operation the JIT has a method for, each resolved in both SFU modes (for tests: a bad reference throws). */
    static List<Operation> mapped() {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : Operation.all()) {
            if (reference(op, false) != null) {
                of(op, false);
                of(op, true);
                ops.add(op);
            }
        }
        return List.copyOf(ops);
    }
}
