package org.rvsimt.core.exec.jit;

import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_boolean;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_long;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.InFlight;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.matrix.MatrixUnit;
import org.rvsimt.core.exec.observe.Observation;
import org.rvsimt.core.exec.program.Predecoder;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.HostSimd;
import org.rvsimt.core.exec.vector.VectorFastPath;
import org.rvsimt.core.exec.vector.VectorIntBinding;
import org.rvsimt.core.exec.vector.VectorState;
import org.rvsimt.core.exec.vector.VectorUnit;
import org.rvsimt.core.semantics.HalfOps;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.Operation;

/**
 * Compiles a basic block to a hidden class with {@code java.lang.classfile}. Each instruction
 * becomes a loop over the lanes whose body calls the same pure semantic method the interpreter
 * calls ({@code IntOps.add}, {@code FloatOps.fmaddS}, ...) with register offsets, immediates and
 * the warp width as constants, so C2 specialises and inlines it. Instructions run one after the
 * other for all lanes, exactly in the interpreter's order, so memory effects and faults match it.
 * Blocks stop at basic-block leaders (so the driver sees every reconvergence point), after a
 * store (which may be a barrier), before an instruction the compiler leaves to the interpreter,
 * and after {@link #MAX_LENGTH} instructions (HotSpot compiles big generated methods badly, and not
 * at all over 8000 bytes). Each lane loop is a method of its own that the run methods call, so the
 * run methods have no inner loops for HotSpot to compile on-stack one by one.
 *
 * <p>A block that heads a small loop also gets the loop compiled as one {@link LoopRegion}: the
 * loop's blocks, in a class of their own, run iteration after iteration by one method whose only
 * loop is the iterations, so HotSpot compiles the loop once (on-stack, early) and every later warp
 * runs that code.
 */
final class BlockCompiler {
    /** Longest block, in instructions ({@link BlockExtent#MAX_LENGTH}). */
    static final int MAX_LENGTH = BlockExtent.MAX_LENGTH;

    /** Host-SIMD lane loops in runFull ({@link SimdLanes}); -Drvsimt.jit.simd=false: none (to measure). */
    static final boolean SIMD = HostSimd.AVAILABLE && !"false".equals(System.getProperty("rvsimt.jit.simd"));

    private static final ClassDesc CD_CONTEXT = ClassDesc.of(BlockContext.class.getName());
    private static final ClassDesc CD_IN_FLIGHT = ClassDesc.of(InFlight.class.getName());
    private static final ClassDesc CD_WARP = ClassDesc.of(Warp.class.getName());
    private static final ClassDesc CD_BLOCK = ClassDesc.of(CompiledBlock.class.getName());
    private static final ClassDesc CD_LANEOPS = ClassDesc.of(LaneOps.class.getName());
    private static final ClassDesc CD_INT_ARRAY = CD_int.arrayType();
    private static final MethodTypeDesc MTD_UNIT = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int, CD_int,
            CD_long);
    private static final MethodTypeDesc MTD_BOUND_MEMORY = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int,
            CD_int, CD_long, CD_int, CD_int, CD_int, CD_boolean);
    private static final MethodTypeDesc MTD_BOUND_INT = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int,
            CD_int, CD_long, CD_int, CD_int);
    private static final MethodTypeDesc MTD_BOUND_FLOAT = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int,
            CD_int, CD_long, CD_int, CD_int, CD_int, CD_int);
    private static final MethodTypeDesc MTD_OBSERVE = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int,
            CD_long);
    private static final ClassDesc CD_OBSERVATION = ClassDesc.of(Observation.class.getName());
    private static final MethodTypeDesc MTD_RUN = MethodTypeDesc.of(CD_long, CD_CONTEXT, CD_WARP, CD_long);
    private static final MethodTypeDesc MTD_RUN_FULL = MethodTypeDesc.of(CD_long, CD_CONTEXT, CD_WARP, CD_long,
            CD_boolean);
    private static final ClassDesc CD_REGION = ClassDesc.of(CompiledRegion.class.getName());
    private static final ClassDesc CD_REGION_EXIT = ClassDesc.of(RegionExit.class.getName());
    private static final MethodTypeDesc MTD_RUN_REGION = MethodTypeDesc.of(CD_long, CD_CONTEXT, CD_WARP, CD_long,
            CD_REGION_EXIT);
    private static final MethodTypeDesc MTD_ISSUE = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_REGION_EXIT,
            CD_int, CD_int, CD_long);
    private static final MethodTypeDesc LOAD = MethodTypeDesc.of(CD_int, CD_CONTEXT, CD_WARP, CD_int, CD_int, CD_int,
            CD_boolean);
    private static final MethodTypeDesc STORE = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_int, CD_int, CD_int,
            CD_int);
    private static final MethodTypeDesc DYN_RM = MethodTypeDesc.of(CD_int, CD_WARP, CD_int);
    private static final AtomicLong NAMES = new AtomicLong();
    private static final ClassDesc CD_DOT_RUN = ClassDesc.of(SimdDotRun.class.getName());
    private static final MethodTypeDesc DOT_RUN = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_INT_ARRAY,
            CD_INT_ARRAY, CD_INT_ARRAY, CD_INT_ARRAY, CD_int);
    private static final MethodTypeDesc LOAD_LOAD_FMA = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_INT_ARRAY,
            CD_INT_ARRAY, CD_INT_ARRAY, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int,
            CD_int, CD_int, CD_int);
    /**
     * A block's lane loops are private methods of its class, as a region's are, so that its run methods
     * have no loops: HotSpot then compiles each run method once, when it has been called often, instead
     * of on-stack at one lane loop after the other (a block of sgemm_tiled had 4-5 C2 compiles of 800
     * bytes each in one first launch, arriving seconds in); -Drvsimt.jit.laneMethods=false: inline.
     */
    static final boolean LANE_METHODS = !"false".equals(System.getProperty("rvsimt.jit.laneMethods"));

    // Local variable slots of the generated methods. The run methods and the lane-loop methods they
    // call share the layout up to IN_FLIGHT (the lane-loop methods take those as parameters).
    private static final int CTX = 1;
    private static final int WARP = 2;
    private static final int MASK = 3;
    private static final int SIMD_ON = 5;        // runFull's argument (blocks hold one kind of loops: not read)
    private static final int REGION_EXIT = 5;    // a region's RegionExit argument
    private static final int X = 6;
    private static final int F = 7;
    private static final int FLAGS = 8;
    private static final int IN_FLIGHT = 9;      // the context's InFlight, read once per run
    private static final int LANE = 10;
    private static final int BITS = 11;
    private static final int TAKEN = 13;
    private static final int TMP = 15;
    private static final int INEXACT_ALL = 16;   // SIMD variant: every lane's fflags has NX (as of entry)
    private static final int NEAREST_ALL = 17;   // SIMD variant: every lane's frm is RNE
    private static final int ITERATION = 18;     // a region's completed iterations in this run
    private static final int LIMIT = 19;         // a region's iteration limit for this run
    private static final int REGION_SIMD = 20;   // a region's RegionExit.simd, read once per run
    private static final MethodTypeDesc MTD_LANES = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_long, CD_Object,
            CD_INT_ARRAY, CD_INT_ARRAY, CD_INT_ARRAY, CD_IN_FLIGHT);
    private static final MethodTypeDesc MTD_LANES_TAKEN = MTD_LANES.changeReturnType(CD_long);

    private static final ClassDesc CD_SIMD = ClassDesc.of(SimdLanes.class.getName());
    private static final MethodTypeDesc LANES_Z = MethodTypeDesc.of(CD_boolean, CD_INT_ARRAY, CD_int);
    private static final MethodTypeDesc SIMD_FP = MethodTypeDesc.of(CD_void, ClassDesc.of(Operation.class.getName()),
            CD_INT_ARRAY, CD_INT_ARRAY,
            CD_int, CD_int, CD_int, CD_int, CD_int);
    private static final MethodTypeDesc SIMD_LOAD = MethodTypeDesc.of(CD_void, CD_CONTEXT, CD_WARP, CD_INT_ARRAY,
            CD_int, CD_INT_ARRAY, CD_int, CD_int, CD_int);

    private final Program p;
    private final int width;
    private final boolean fastSfu;
    /** The observed variant: an execution event before every instruction (launches with a consumer). */
    private final boolean observed;

    /**
     * A block with host-SIMD lane loops gets them whether or not SimdLanes is warm yet
     * ({@link SimdLanesLoader}): compiled when first reached (no tiering: the tests, which wait only
     * for SimdLanes to load), or compiled again once it is warm ({@link SimdPending}).
     */
    private final boolean simdDecided;

    /** What one lane-loop method of the class being defined does. */
    private enum LaneWork { INSTRUCTION, BRANCH, LINK }

    private record LaneMethod(String name, int i, boolean full, LaneWork work) { }

    /** The class being defined, and the lane-loop methods its run methods call (emitted after them). */
    private ClassDesc defining;
    /** The class being defined calls its lane loops as methods instead of having them inline. */
    private boolean laneCalls;
    /** The local that says whether this run takes the host-SIMD lane loops: runFull's argument, or a region's copy. */
    private int simdOn = SIMD_ON;
    private final Map<String, LaneMethod> laneMethods = new LinkedHashMap<>();
    /** The lane loops' in-line fast paths of memory accesses and f32 arithmetic. */
    private final InlineLanePaths inline = new InlineLanePaths(CTX, WARP, LANE, FLAGS);

    /** Longest loop compiled as a region, in instructions per iteration (0: none; {@link LoopShape}). */
    private final int regionLength = Integer.getInteger(LoopShape.MAX_LENGTH_PROPERTY, 0);

    BlockCompiler(Program p, int width, boolean fastSfu, boolean observed, boolean simdDecided) {
        this.p = p;
        this.width = width;
        this.fastSfu = fastSfu;
        this.observed = observed;
        this.simdDecided = simdDecided;
    }

    /** In the observed variant: Observation.instruction(ctx, warp, i, mask) before instruction i runs. */
    private void observe(CodeBuilder code, int i) {
        if (observed) {
            code.aload(CTX).aload(WARP).loadConstant(i).lload(MASK).invokestatic(CD_OBSERVATION, "instruction",
                    MTD_OBSERVE);
        }
    }

    /**
     * The vtype each instruction of a block is bound to: where an earlier vsetvli or vsetivli of the
     * block set it to a legal value from its immediate, that one; before any, {@code entry} (the
     * program's {@link UniformVtype}, checked per lane by the bound entries); -1 where neither.
     */
    static int[] knownVtypes(Program p, int[] at, int n, int entry) {
        int[] out = new int[n];
        int known = entry;
        for (int k = 0; k < n; k++) {
            int i = at[k];
            out[k] = known;
            if (p.form[i] == Form.VECTOR) {
                int word = p.words[i];
                if (p.op[i] instanceof Operation.VectorConfig config) {
                    int vtype = switch (config) {
                        case VSETVLI -> word >>> 20 & 0x7FF;
                        case VSETIVLI -> word >>> 20 & 0x3FF;
                        case VSETVL -> -1;          // from a register: not known when the block is compiled
                    };
                    known = vtype >= 0 && org.rvsimt.core.semantics.VectorOps.legal(vtype, VectorState.ELEN) ? vtype : -1;
                }
            }
        }
        return out;
    }

    /**
     * Emits the bound e32 entry for a vector instruction whose vtype the block knows (the seed's
     * rebind); false when the instruction is not one of those cases (the unit's general entry then).
     */
    private boolean bindVector(CodeBuilder code, int i, int vtype) {
        int loop = vtype < 0 ? -1 : VectorIntBinding.loop((Operation.Vector) p.op[i], p.source[i], p.words[i], vtype);
        if (loop >= 0 && !VectorFastPath.unitStrideE32((Operation.Vector) p.op[i], p.words[i])) {
            code.aload(CTX).aload(WARP).loadConstant(i).loadConstant(p.base + 2 * i).lload(MASK).loadConstant(vtype)
                    .loadConstant(loop).invokestatic(ClassDesc.of(VectorIntBinding.class.getName()), "bound", MTD_BOUND_INT);
            return true;
        }
        if (vtype < 0 || org.rvsimt.core.semantics.VectorOps.sew(vtype) != 32 || !HostSimd.AVAILABLE) {
            return false;
        }
        int word = p.words[i];
        Operation.Vector op = (Operation.Vector) p.op[i];
        int lmulLog2 = org.rvsimt.core.semantics.VectorOps.lmulLog2(vtype);
        int group = lmulLog2 > 0 ? (1 << lmulLog2) - 1 : 0;
        int vd = word >>> 7 & 31;
        int rs1 = word >>> 15 & 31;
        int vs2 = word >>> 20 & 31;
        if ((vd & group) != 0 || (word >>> 25 & 1) == 0
                && !VectorFastPath.maskedFloatCovered(VectorFastPath.unitStrideE32(op, word), vd)) {
            return false;                      // a misaligned group, or a masked form without a loop: the unit decides
        }
        ClassDesc fast = ClassDesc.of(VectorFastPath.class.getName());
        if (VectorFastPath.unitStrideE32(op, word)) {
            code.aload(CTX).aload(WARP).loadConstant(i).loadConstant(p.base + 2 * i).lload(MASK).loadConstant(vtype)
                    .loadConstant(vd).loadConstant(rs1).loadConstant(((Operation.VectorMemory) op).store() ? 1 : 0)
                    .invokestatic(fast, "boundUnitStride", MTD_BOUND_MEMORY);
            return true;
        }
        if (VectorFastPath.floatGroupsAligned(op, p.source[i], rs1, vs2, group)) {
            code.aload(CTX).aload(WARP).loadConstant(i).loadConstant(p.base + 2 * i).lload(MASK).loadConstant(vtype)
                    .loadConstant(vd).loadConstant(rs1).loadConstant(vs2).invokestatic(fast, "boundFloat", MTD_BOUND_FLOAT);
            return true;
        }
        return false;
    }

    /** Compiles the block starting at instruction index {@code start}, or returns null if it has no compilable head. */
    JitBlock compile(int start) {
        return compile(start, observed || regionLength <= 0 ? null : region(start));
    }

    /** The block at {@code start} with the given loop region (a recompile keeps the region it had). */
    JitBlock compile(int start, LoopRegion region) {
        int n = BlockExtent.extent(p, start);
        if (n == 0) {
            return null;
        }
        int[] at = BlockExtent.slots(p, start, n);
        boolean candidates = usesSimdLanes(at, endOf(at));
        boolean ready = candidates && (simdDecided ? SimdLanesLoader.load() : SimdLanesLoader.warmInBackground());
        FullWarpLoops loops = ready && SimdLanes.pays(width) ? FullWarpLoops.SIMD : FullWarpLoops.PLAIN;
        CompiledBlock code = define("JitBlock_", start, CD_BLOCK, cb -> {
            int end = endOf(at);
            cb.withMethodBody("runFull", MTD_RUN_FULL, ClassFile.ACC_PUBLIC, c -> block(c, at, end, true, loops));
            cb.withMethodBody("runMasked", MTD_RUN, ClassFile.ACC_PUBLIC,
                    c -> block(c, at, end, false, FullWarpLoops.PLAIN));
        });
        return shape(at, code, candidates && !ready ? new SimdPending() : null, region);
    }

    /** How the block of instructions {@code at} ends: {@link JitBlock#FALL}, BRANCH or JAL. */
    private int endOf(int[] at) {
        Form lastForm = p.form[at[at.length - 1]];
        return lastForm == Form.BRANCH ? JitBlock.BRANCH : lastForm == Form.JAL ? JitBlock.JAL : JitBlock.FALL;
    }

    /** The block of instructions {@code at}: where it starts and ends, with its code (null for a region's parts). */
    private JitBlock shape(int[] at, CompiledBlock code, SimdPending simd, LoopRegion region) {
        int n = at.length;
        int last = at[n - 1];
        Form lastForm = p.form[last];
        int end = endOf(at);
        // A store always ends its block, so the block stores exactly when its last instruction does.
        boolean stores = lastForm == Form.STORE || lastForm == Form.FSW || BlockExtent.unitStore(p, last);
        int lastPc = p.base + 2 * last;
        int target = end == JitBlock.FALL ? 0 : lastPc + p.imm[last];
        boolean link = end == JitBlock.JAL && p.rd[last] != Predecoder.SINK;
        return new JitBlock(p.base + 2 * at[0], n, lastPc, lastPc + p.size[last], end, target, link, stores, code,
                simd, region);
    }

    /**
     * Whether the full-warp variant of the block has instructions with a host-SIMD lane loop
     * ({@link SimdLanes}); whether the warp is wide enough for them is asked once SimdLanes is loaded.
     */
    private boolean usesSimdLanes(int[] at, int end) {
        if (!SIMD) {
            return false;
        }
        int bodyCount = end == JitBlock.FALL ? at.length : at.length - 1;
        for (int k = 0; k < bodyCount; k++) {
            int i = at[k];
            if (p.form[i] != Form.VECTOR && p.form[i] != Form.MATRIX && (simdLoad(i) || simdStore(i) || simdFp(i))) {
                return true;
            }
        }
        return false;
    }

    /** Defines a hidden class implementing {@code iface} with the methods {@code methods} adds, and makes one. */
    @SuppressWarnings("unchecked")
    private <T> T define(String prefix, int start, ClassDesc iface, Consumer<ClassBuilder> methods) {
        ClassDesc name = ClassDesc.of(BlockCompiler.class.getPackageName() + "." + prefix
                + Integer.toHexString(p.base + 2 * start) + "_" + NAMES.incrementAndGet());
        defining = name;
        laneCalls = iface == CD_REGION || LANE_METHODS;
        simdOn = iface == CD_REGION ? REGION_SIMD : SIMD_ON;
        laneMethods.clear();
        byte[] bytes = ClassFile.of().build(name, cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER);
            cb.withInterfaceSymbols(iface);
            cb.withMethodBody("<init>", MethodTypeDesc.of(CD_void), ClassFile.ACC_PUBLIC,
                    code -> code.aload(0).invokespecial(CD_Object, "<init>", MethodTypeDesc.of(CD_void)).return_());
            methods.accept(cb);
            for (LaneMethod m : laneMethods.values()) {
                cb.withMethodBody(m.name(), m.work() == LaneWork.BRANCH ? MTD_LANES_TAKEN : MTD_LANES,
                        ClassFile.ACC_PRIVATE | ClassFile.ACC_FINAL, code -> laneMethod(code, m));
            }
        });
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(bytes, true);
            return (T) lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (Throwable t) {
            throw new IllegalStateException("JIT: cannot define block at 0x" + Integer.toHexString(p.base + 2 * start), t);
        }
    }

    /** A block's run method; {@code at} holds the slot of each of its instructions (they are 2 or 4 bytes apart). */
    private void block(CodeBuilder code, int[] at, int end, boolean full, FullWarpLoops loops) {
        prologue(code);
        if (loops != FullWarpLoops.PLAIN) {
            simdPreconditions(code, at, end == JitBlock.FALL ? at.length : at.length - 1, loops);
        }
        part(code, at, end, full, loops);
        code.lload(TAKEN).lreturn();
    }

    /** Loads the warp's register arrays and the context's InFlight into locals. */
    private void prologue(CodeBuilder code) {
        inline.startMethod();
        code.aload(WARP).getfield(CD_WARP, "x", CD_INT_ARRAY).astore(X);
        code.aload(WARP).getfield(CD_WARP, "f", CD_INT_ARRAY).astore(F);
        code.aload(WARP).getfield(CD_WARP, "fflags", CD_INT_ARRAY).astore(FLAGS);
        code.aload(CTX).getfield(CD_CONTEXT, "inFlight", CD_IN_FLIGHT).astore(IN_FLIGHT);
    }

    /**
     * The instructions {@code at} of one block, its terminator included; leaves the taken-lane mask
     * of a final branch in TAKEN (0 for the other ends).
     */
    private void part(CodeBuilder code, int[] at, int end, boolean full, FullWarpLoops loops) {
        boolean simd = loops != FullWarpLoops.PLAIN;
        int n = at.length;
        int bodyCount = end == JitBlock.FALL ? n : n - 1;
        int[] vtypes = knownVtypes(p, at, bodyCount, UniformVtype.of(p));
        for (int k = 0; k < bodyCount; k++) {
            final int i = at[k];
            if (loops == FullWarpLoops.SIMD && !observed && k + 2 < bodyCount && loadLoadFma(at[k], at[k + 1], at[k + 2])) {
                int run = dotRun(at, k, bodyCount);
                if (run >= 2) {
                    emitDotRun(code, at, k, run);
                    k += 3 * run - 1;
                    continue;
                }
                emitLoadLoadFma(code, at[k], at[k + 1], at[k + 2]);
                k += 2;
                continue;
            }
            observe(code, i);
            if (mayFault(i)) {
                code.aload(IN_FLIGHT).loadConstant(p.base + 2 * i).putfield(CD_IN_FLIGHT, "jitPc", CD_int);
            }
            if (p.form[i] == Form.VECTOR && bindVector(code, i, vtypes[k])) {
                continue;
            } else if (p.form[i] == Form.VECTOR || p.form[i] == Form.MATRIX) {
                // The units run the instruction for every active lane, as for the interpreter; the
                // block only saves the trip through the interpreter and keeps its neighbours compiled.
                code.aload(CTX).aload(WARP).loadConstant(i).loadConstant(p.base + 2 * i).lload(MASK)
                        .invokestatic(ClassDesc.of(p.form[i] == Form.VECTOR ? VectorUnit.class.getName()
                                : MatrixUnit.class.getName()), "compiled", MTD_UNIT);
            } else if (simd && (simdLoad(i) || simdStore(i))) {
                // In a region that chooses at run time, the SIMD chunk loop when asked, else the plain lane loop.
                Label scalar = code.newLabel();
                Label done = code.newLabel();
                if (loops == FullWarpLoops.RUN_TIME_CHOICE) {
                    code.iload(simdOn).ifeq(scalar);
                }
                if (simdLoad(i)) {
                    emitSimdLoad(code, i);
                } else {
                    emitSimdStore(code, i);
                }
                if (loops == FullWarpLoops.RUN_TIME_CHOICE) {
                    code.goto_(done);
                    code.labelBinding(scalar);
                    lanes(code, i, true, LaneWork.INSTRUCTION);
                }
                code.labelBinding(done);
            } else if (simd && simdFp(i)) {
                emitSimdFp(code, i);
            } else if (p.form[i] != Form.FENCE) {
                lanes(code, i, full, LaneWork.INSTRUCTION);
            }
        }
        if (end != JitBlock.FALL) {
            observe(code, at[n - 1]);
        }
        code.lconst_0().lstore(TAKEN);
        if (end == JitBlock.BRANCH) {
            lanes(code, at[n - 1], full, LaneWork.BRANCH);
            code.lstore(TAKEN);
        } else if (end == JitBlock.JAL) {
            lanes(code, at[n - 1], full, LaneWork.LINK);
        }
    }

    /**
     * The lane loop of instruction {@code i} (a branch's leaves its taken-lane mask on the stack): a
     * call to a method of the class being defined (inline in a block with {@link #LANE_METHODS} off).
     * A method per lane loop, so that the run methods have no inner loops: HotSpot compiles a method
     * with loops on-stack at each hot loop separately (a region with its lane loops inline had seven
     * C2 compiles in one first launch of sgemm_naive), while the region's only loop is then its
     * iterations, compiled once, and entered by every later warp.
     */
    private void lanes(CodeBuilder code, int i, boolean full, LaneWork work) {
        if (!laneCalls) {
            laneWork(code, new LaneMethod("", i, full, work));
            return;
        }
        String name = (full ? "full" : "masked") + "_" + work.name().toLowerCase(Locale.ROOT) + "_" + i;
        laneMethods.putIfAbsent(name, new LaneMethod(name, i, full, work));
        code.aload(0).aload(CTX).aload(WARP).lload(MASK).aconst_null().aload(X).aload(F).aload(FLAGS)
                .aload(IN_FLIGHT).invokevirtual(defining, name, work == LaneWork.BRANCH ? MTD_LANES_TAKEN : MTD_LANES);
    }

    /** The body of a lane-loop method. */
    private void laneMethod(CodeBuilder code, LaneMethod m) {
        inline.startMethod();
        laneWork(code, m);
        if (m.work() == LaneWork.BRANCH) {
            code.lreturn();
        } else {
            code.return_();
        }
    }

    /** The instruction (or the branch's test, leaving the taken mask on the stack, or the jump's link) for each lane. */
    private void laneWork(CodeBuilder code, LaneMethod m) {
        int i = m.i();
        switch (m.work()) {
            case INSTRUCTION -> laneLoop(code, m.full(), () -> instruction(code, i));
            case BRANCH -> {
                code.lconst_0().lstore(TAKEN);
                laneLoop(code, m.full(), () -> {
                    Label skip = code.newLabel();
                    xLoad(code, p.rs1[i]);
                    xLoad(code, p.rs2[i]);
                    call(code, i);
                    code.ifeq(skip);
                    code.lload(TAKEN).lconst_1().iload(LANE).lshl().lor().lstore(TAKEN);
                    code.labelBinding(skip);
                });
                code.lload(TAKEN);
            }
            case LINK -> {
                int linkValue = p.base + 2 * i + p.size[i];
                laneLoop(code, m.full(), () -> {
                    code.loadConstant(linkValue);
                    writeX(code, p.rd[i] == Predecoder.SINK ? 0 : p.rd[i]);
                });
            }
        }
    }

    /**
     * The loop region headed by the block at {@code header}, or null: its parts ({@link LoopShape})
     * compiled into one method that runs whole iterations and leaves at the first block end that
     * does not continue along the loop, so that HotSpot compiles the loop once, as a loop.
     */
    private LoopRegion region(int header) {
        int[][] parts = LoopShape.find(p, header, regionLength);
        if (parts == null) {
            return null;
        }
        int[] ends = new int[parts.length];
        int[] next = new int[parts.length];
        JitBlock[] shapes = new JitBlock[parts.length];
        for (int j = 0; j < parts.length; j++) {
            ends[j] = endOf(parts[j]);
            shapes[j] = shape(parts[j], null, null, null);
        }
        for (int j = 0; j < parts.length; j++) {
            next[j] = shapes[(j + 1) % parts.length].start();
        }
        int[] body = bodyInstructions(parts, ends);
        boolean simd = usesSimdLanes(body, JitBlock.FALL);
        CompiledRegion code = define("JitRegion_", header, CD_REGION, cb -> {
            cb.withMethodBody("runFull", MTD_RUN_REGION, ClassFile.ACC_PUBLIC,
                    c -> regionBody(c, parts, ends, shapes, next, true, simd ? body : null));
            cb.withMethodBody("runMasked", MTD_RUN_REGION, ClassFile.ACC_PUBLIC,
                    c -> regionBody(c, parts, ends, shapes, next, false, null));
        });
        return new LoopRegion(shapes, code, simd);
    }

    /** The instructions of a region's parts other than their final branches and jumps, in order. */
    private static int[] bodyInstructions(int[][] parts, int[] ends) {
        return java.util.stream.IntStream.range(0, parts.length)
                .flatMap(j -> java.util.Arrays.stream(parts[j], 0, ends[j] == JitBlock.FALL ? parts[j].length
                        : parts[j].length - 1))
                .toArray();
    }

    /**
     * A region's run method: iterations of its parts, each part as in its block, then one check that
     * the part continues along the loop (all lanes the same way for a branch, no barrier request
     * after a store); any other outcome, or the iteration limit, leaves with the part in
     * {@link RegionExit#part} and the part's taken-lane mask returned, for the engine to finish as
     * after that block. With {@code simdBody} (the full-warp variant of a region that has host-SIMD
     * lane loops: the instructions they may run), the parts take those loops when
     * {@link RegionExit#simd} says so; the float preconditions are computed once per run, which holds
     * for the whole run as for a block's: flags only gain bits and frm cannot change inside a region.
     */
    private void regionBody(CodeBuilder code, int[][] parts, int[] ends, JitBlock[] shapes, int[] next, boolean full,
                            int[] simdBody) {
        prologue(code);
        if (simdBody != null) {
            code.aload(REGION_EXIT).getfield(CD_REGION_EXIT, "simd", CD_boolean).istore(REGION_SIMD);
            simdPreconditions(code, simdBody, simdBody.length, FullWarpLoops.RUN_TIME_CHOICE);
        }
        code.iconst_0().istore(ITERATION);
        code.aload(REGION_EXIT).getfield(CD_REGION_EXIT, "limit", CD_int).istore(LIMIT);
        Label top = code.newLabel();
        code.labelBinding(top);
        code.aload(REGION_EXIT).iload(ITERATION).putfield(CD_REGION_EXIT, "iterations", CD_int);
        if (simdBody != null) {
            refreshInexact(code, simdBody);
        }
        int k = parts.length;
        for (int j = 0; j < k; j++) {
            JitBlock s = shapes[j];
            // What the engine does before a compiled block: its issue event.
            code.aload(CTX).aload(WARP).aload(REGION_EXIT).loadConstant((s.start() - p.base) >>> 1)
                    .loadConstant(s.length()).lload(MASK).invokestatic(CD_REGION_EXIT, "issue", MTD_ISSUE);
            part(code, parts[j], ends[j], full, simdBody != null ? FullWarpLoops.RUN_TIME_CHOICE : FullWarpLoops.PLAIN);
            Label goesOn = code.newLabel();
            Label leave = code.newLabel();
            switch (ends[j]) {
                case JitBlock.BRANCH -> {
                    // All lanes to the next part: every lane taken (target) or none (fall-through).
                    code.lload(TAKEN);
                    if (s.target() == next[j]) {
                        code.lload(MASK);
                    } else {
                        code.lconst_0();
                    }
                    code.lcmp().ifeq(goesOn);
                    code.goto_(leave);
                }
                case JitBlock.FALL -> {
                    if (s.stores()) {
                        code.aload(IN_FLIGHT).getfield(CD_IN_FLIGHT, "barrierRequested", CD_boolean).ifeq(goesOn);
                        code.goto_(leave);
                    } else {
                        code.goto_(goesOn);
                    }
                }
                default -> code.goto_(goesOn);      // a jal without link to the next part
            }
            code.labelBinding(leave);
            code.aload(REGION_EXIT).loadConstant(j).putfield(CD_REGION_EXIT, "part", CD_int);
            code.lload(TAKEN).lreturn();
            code.labelBinding(goesOn);
        }
        // A whole iteration ran: the next one, unless the limit is reached (RegionExit.iterations
        // still counts the iterations before this one, which the engine adds to the parts it ran).
        code.iinc(ITERATION, 1);
        code.iload(ITERATION).iload(LIMIT).if_icmplt(top);
        code.aload(REGION_EXIT).loadConstant(k - 1).putfield(CD_REGION_EXIT, "part", CD_int);
        code.lload(TAKEN).lreturn();
    }

    /** A 32-bit load (lw or flw) that {@link SimdLanes#load32} runs chunk by chunk. */
    private boolean simdLoad(int i) {
        return p.op[i] == Operation.Standalone.FLW || p.op[i] instanceof Operation.Load load && load.width() == 4;
    }

    /** A 32-bit store (sw or fsw) that {@link SimdLanes#store32} runs chunk by chunk. */
    private boolean simdStore(int i) {
        return p.op[i] == Operation.Standalone.FSW || p.op[i] instanceof Operation.Store store && store.width() == 4;
    }

    private void emitSimdStore(CodeBuilder code, int i) {
        code.aload(CTX).aload(WARP).aload(p.form[i] == Form.FSW ? F : X).loadConstant(p.rs2[i] * width);
        code.aload(X).loadConstant(p.rs1[i] * width).loadConstant(p.imm[i]).loadConstant(width);
        code.invokestatic(CD_SIMD, "store32", SIMD_LOAD);
    }

    /** An f32 add/sub/mul/fma with rm RNE or dyn, which {@link SimdLanes#fp} computes. */
    private boolean simdFp(int i) {
        return (p.rm[i] == 0 || p.rm[i] == 7) && SimdCoverage.computes(p.op[i]);
    }

    /**
     * Computes, once per block run, whether the float fast path may be taken: flags only gain bits
     * inside a block and frm cannot change there, so what holds at entry holds for every instruction.
     */
    private void simdPreconditions(CodeBuilder code, int[] at, int count, FullWarpLoops loops) {
        boolean anyFp = false;
        boolean anyDyn = false;
        for (int k = 0; k < count; k++) {
            int i = at[k];
            if (simdFp(i)) {
                anyFp = true;
                anyDyn |= p.rm[i] == 7;
            }
        }
        // In a region that chooses at run time, left false (the scalar loops) when it does not ask for the SIMD loops.
        Label skip = code.newLabel();
        if (loops == FullWarpLoops.RUN_TIME_CHOICE) {
            if (anyFp) {
                code.iconst_0().istore(INEXACT_ALL);
            }
            if (anyDyn) {
                code.iconst_0().istore(NEAREST_ALL);
            }
            code.iload(simdOn).ifeq(skip);
        }
        if (anyFp) {
            code.aload(FLAGS).loadConstant(width).invokestatic(CD_SIMD, "inexactEverywhere", LANES_Z)
                    .istore(INEXACT_ALL);
        }
        if (anyDyn) {
            code.aload(WARP).getfield(CD_WARP, "frm", CD_INT_ARRAY).loadConstant(width)
                    .invokestatic(CD_SIMD, "nearestEverywhere", LANES_Z).istore(NEAREST_ALL);
        }
        code.labelBinding(skip);
    }

    /**
     * At the top of a region's iteration: if not every lane's fflags had NX yet, whether they have now.
     * Lanes gain it inside the loop (sgemm's first inexact fmadd), and a region that runs a warp's
     * whole k loop would otherwise keep its float ops on the scalar loops for all of it.
     */
    private void refreshInexact(CodeBuilder code, int[] body) {
        if (java.util.Arrays.stream(body).noneMatch(this::simdFp)) {
            return;
        }
        Label done = code.newLabel();
        code.iload(INEXACT_ALL).ifne(done);
        code.iload(simdOn).ifeq(done);
        code.aload(FLAGS).loadConstant(width).invokestatic(CD_SIMD, "inexactEverywhere", LANES_Z).istore(INEXACT_ALL);
        code.labelBinding(done);
    }

    private void emitSimdLoad(CodeBuilder code, int i) {
        boolean toF = p.form[i] == Form.FLW;
        int rd = p.rd[i];      // x0 is already the sink row; f0 is a real register
        code.aload(CTX).aload(WARP).aload(toF ? F : X).loadConstant(rd * width);
        code.aload(X).loadConstant(p.rs1[i] * width).loadConstant(p.imm[i]).loadConstant(width);
        code.invokestatic(CD_SIMD, "load32", SIMD_LOAD);
    }

    /** if (preconditions) SimdLanes.fp(...) else the scalar lane loop. */
    private void emitSimdFp(CodeBuilder code, int i) {
        Label scalar = code.newLabel();
        Label done = code.newLabel();
        code.iload(INEXACT_ALL).ifeq(scalar);
        if (p.rm[i] == 7) {
            code.iload(NEAREST_ALL).ifeq(scalar);
        }
        ClassDesc family = ClassDesc.of(p.op[i].getClass().getName());
        code.getstatic(family, p.op[i].name(), family).aload(F).aload(FLAGS).loadConstant(p.rd[i] * width)
                .loadConstant(p.rs1[i] * width).loadConstant(p.rs2[i] * width)
                .loadConstant(p.form[i] == Form.FP_FMA ? p.rs3[i] * width : 0).loadConstant(width);
        code.invokestatic(CD_SIMD, "fp", SIMD_FP);
        code.goto_(done);
        code.labelBinding(scalar);
        lanes(code, i, true, LaneWork.INSTRUCTION);
        code.labelBinding(done);
    }

    /** flw; flw; fmadd.s multiplying the two loaded registers (RNE or dyn): one {@link SimdLoadFma} call. */
    private boolean loadLoadFma(int a, int b, int fma) {
        return p.op[a] == Operation.Standalone.FLW && p.op[b] == Operation.Standalone.FLW
                && p.op[fma] == Operation.FpFused.FMADD && simdFp(fma)
                && (p.rs1[fma] == p.rd[a] && p.rs2[fma] == p.rd[b] || p.rs1[fma] == p.rd[b] && p.rs2[fma] == p.rd[a]);
    }

    /** if (float fast path) SimdLoadFma.run(...) else the three instructions as SIMD calls and lane loops. */
    private void emitLoadLoadFma(CodeBuilder code, int a, int b, int fma) {
        Label separate = code.newLabel();
        Label done = code.newLabel();
        code.iload(INEXACT_ALL).ifeq(separate);
        if (p.rm[fma] == 7) {
            code.iload(NEAREST_ALL).ifeq(separate);
        }
        code.aload(CTX).aload(WARP).aload(F).aload(FLAGS).aload(X);
        for (int load : new int[] {a, b}) {
            code.loadConstant(p.rd[load] * width).loadConstant(p.rs1[load] * width).loadConstant(p.imm[load])
                    .loadConstant(p.base + 2 * load);
        }
        code.loadConstant(p.rd[fma] * width).loadConstant(p.rs1[fma] * width).loadConstant(p.rs2[fma] * width)
                .loadConstant(p.rs3[fma] * width).loadConstant(width);
        code.invokestatic(ClassDesc.of(SimdLoadFma.class.getName()), "run", LOAD_LOAD_FMA);
        code.goto_(done);
        code.labelBinding(separate);
        emitTripleSeparately(code, a, b, fma);
        code.labelBinding(done);
    }

    /** Without the float fast path: the two loads as SIMD calls, the fma as its scalar lane loop. */
    private void emitTripleSeparately(CodeBuilder code, int a, int b, int fma) {
        for (int load : new int[] {a, b}) {
            code.aload(IN_FLIGHT).loadConstant(p.base + 2 * load).putfield(CD_IN_FLIGHT, "jitPc", CD_int);
            emitSimdLoad(code, load);
        }
        if (mayFault(fma)) {
            code.aload(IN_FLIGHT).loadConstant(p.base + 2 * fma).putfield(CD_IN_FLIGHT, "jitPc", CD_int);
        }
        lanes(code, fma, true, LaneWork.INSTRUCTION);
    }

    /**
     * How many load-load-fma triples from {@code at[k]} share both load bases and one accumulator that
     * neither load writes, each loading two different registers ({@link SimdDotRun}).
     */
    private int dotRun(int[] at, int k, int bodyCount) {
        int xa = p.rs1[at[k]];
        int xb = p.rs1[at[k + 1]];
        int acc = p.rd[at[k + 2]];
        int n = 0;
        for (int j = k; j + 2 < bodyCount && loadLoadFma(at[j], at[j + 1], at[j + 2]); j += 3) {
            int a = at[j];
            int b = at[j + 1];
            int fma = at[j + 2];
            if (p.rs1[a] != xa || p.rs1[b] != xb || p.rd[fma] != acc || p.rs3[fma] != acc
                    || p.rd[a] == acc || p.rd[b] == acc || p.rd[a] == p.rd[b]) {
                break;
            }
            n++;
        }
        return n;
    }

    /** if (float fast path) SimdDotRun.run(..., descriptor) else each triple separately. */
    private void emitDotRun(CodeBuilder code, int[] at, int k, int n) {
        Label separate = code.newLabel();
        Label done = code.newLabel();
        boolean anyDyn = false;
        StringBuilder fields = new StringBuilder();
        fields.append(p.rs1[at[k]] * width).append(',').append(p.rs1[at[k + 1]] * width).append(',')
                .append(p.rd[at[k + 2]] * width);
        for (int j = 0; j < n; j++) {
            int a = at[k + 3 * j];
            int b = at[k + 3 * j + 1];
            int fma = at[k + 3 * j + 2];
            anyDyn |= p.rm[fma] == 7;
            for (int load : new int[] {a, b}) {
                fields.append(',').append(p.rd[load] * width).append(',').append(p.imm[load]).append(',')
                        .append(p.base + 2 * load);
            }
            fields.append(',').append(p.rs1[fma] * width).append(',').append(p.rs2[fma] * width);
        }
        code.iload(INEXACT_ALL).ifeq(separate);
        if (anyDyn) {
            code.iload(NEAREST_ALL).ifeq(separate);
        }
        code.aload(CTX).aload(WARP).aload(F).aload(FLAGS).aload(X);
        code.loadConstant(java.lang.constant.DynamicConstantDesc.ofNamed(
                java.lang.constant.MethodHandleDesc.ofMethod(java.lang.constant.DirectMethodHandleDesc.Kind.STATIC,
                        CD_DOT_RUN, "describe", MethodTypeDesc.of(CD_INT_ARRAY,
                                ClassDesc.of("java.lang.invoke.MethodHandles$Lookup"), ClassDesc.of("java.lang.String"),
                                ClassDesc.of("java.lang.Class"), ClassDesc.of("java.lang.String"))),
                "steps", CD_INT_ARRAY, fields.toString()));
        code.loadConstant(width);
        code.invokestatic(CD_DOT_RUN, "run", DOT_RUN);
        code.goto_(done);
        code.labelBinding(separate);
        for (int j = 0; j < n; j++) {
            emitTripleSeparately(code, at[k + 3 * j], at[k + 3 * j + 1], at[k + 3 * j + 2]);
        }
        code.labelBinding(done);
    }

    private boolean mayFault(int i) {
        return switch (p.form[i]) {
            case LOAD, STORE, FLW, FSW, VECTOR, MATRIX -> true;
            case FP_RR, FP_SQRT, FP_FMA, FCVT_W_S, FCVT_S_W -> p.rm[i] == 7;
            default -> false;
        };
    }

    /** for (l = 0; l < width; l++) body  — or, masked: for each set bit l of mask. */
    private void laneLoop(CodeBuilder code, boolean full, Runnable body) {
        Label top = code.newLabel();
        Label done = code.newLabel();
        if (full) {
            code.iconst_0().istore(LANE);
            code.labelBinding(top);
            code.iload(LANE).loadConstant(width).if_icmpge(done);
            body.run();
            code.iinc(LANE, 1).goto_(top);
        } else {
            code.lload(MASK).lstore(BITS);
            code.labelBinding(top);
            code.lload(BITS).lconst_0().lcmp().ifeq(done);
            code.lload(BITS).invokestatic(ClassDesc.of("java.lang.Long"), "numberOfTrailingZeros",
                    MethodTypeDesc.of(CD_int, CD_long)).istore(LANE);
            body.run();
            code.lload(BITS).lload(BITS).lconst_1().lsub().land().lstore(BITS);
            code.goto_(top);
        }
        code.labelBinding(done);
    }

    /** Pushes array x (or f) and the index reg*width + lane, ready for iaload/iastore. */
    private void slot(CodeBuilder code, int array, int reg) {
        code.aload(array).loadConstant(reg * width).iload(LANE).iadd();
    }

    private void xSlot(CodeBuilder code, int reg) {
        slot(code, X, reg);
    }

    private void xLoad(CodeBuilder code, int reg) {
        slot(code, X, reg);
        code.iaload();
    }

    private void fLoad(CodeBuilder code, int reg) {
        slot(code, F, reg);
        code.iaload();
    }

    private void rounding(CodeBuilder code, int i) {
        if (p.rm[i] == 7) {
            code.aload(WARP).iload(LANE).invokestatic(CD_LANEOPS, "dynamicRm", DYN_RM);
        } else {
            code.loadConstant(p.rm[i]);
        }
    }

    private void flagsAndLane(CodeBuilder code) {
        code.aload(FLAGS).iload(LANE);
    }

    /** Calls the operation's semantic method, its operands already pushed. */
    private void call(CodeBuilder code, int i) {
        JitSemantics.Target t = JitSemantics.of(p.op[i], fastSfu);
        code.invokestatic(t.owner(), t.name(), t.type());
    }

    private static int xDest(int rd) {
        return rd == 0 ? Predecoder.SINK : rd;
    }

    /** Pushes x[reg] of the current lane. */
    private void readX(CodeBuilder code, int reg) {
        xLoad(code, reg);
    }

    private void readF(CodeBuilder code, int reg) {
        fLoad(code, reg);
    }

    /** Stores the int on top of the stack into x[reg] of the current lane (x0 writes go to the sink row). */
    private void writeX(CodeBuilder code, int reg) {
        code.istore(TMP);
        xSlot(code, reg == 0 ? Predecoder.SINK : reg);
        code.iload(TMP).iastore();
    }

    private void writeF(CodeBuilder code, int reg) {
        code.istore(TMP);
        slot(code, F, reg);
        code.iload(TMP).iastore();
    }

    private void instruction(CodeBuilder code, int i) {
        int pc = p.base + 2 * i;
        int imm = p.imm[i];
        int rd = p.rd[i] == Predecoder.SINK ? 0 : p.rd[i];
        switch (p.form[i]) {
            case ALU_RR -> {
                readX(code, p.rs1[i]);
                readX(code, p.rs2[i]);
                call(code, i);
                writeX(code, rd);
            }
            case ALU_RI -> {
                readX(code, p.rs1[i]);
                code.loadConstant(imm);
                call(code, i);
                writeX(code, rd);
            }
            case LUI -> {
                code.loadConstant(imm << 12);
                writeX(code, rd);
            }
            case AUIPC -> {
                code.loadConstant(pc + (imm << 12));
                writeX(code, rd);
            }
            case LOAD, FLW -> {
                boolean toF = p.form[i] == Form.FLW;
                int wd = p.op[i] instanceof Operation.Load load ? load.width()
                        : ((Operation.Standalone) p.op[i]).floatAccessBytes();
                boolean uns = p.op[i] instanceof Operation.Load load ? load.unsigned() : wd == 2;
                readX(code, p.rs1[i]);
                code.loadConstant(imm).iadd().istore(InlineLanePaths.ADDR);
                if (wd != 4 || !inline.load32(code)) {
                    code.aload(CTX).aload(WARP).iload(LANE).iload(InlineLanePaths.ADDR).loadConstant(wd)
                            .loadConstant(uns ? 1 : 0).invokestatic(CD_LANEOPS, "load", LOAD);
                }
                if (p.op[i] == Operation.Standalone.FLH) {
                    code.loadConstant(HalfOps.BOX).ior();   // flh NaN-boxes the half
                }
                if (toF) {
                    writeF(code, p.rd[i]);
                } else {
                    writeX(code, rd);
                }
            }
            case STORE, FSW -> {
                boolean fromF = p.form[i] == Form.FSW;
                int wd = p.op[i] instanceof Operation.Store store ? store.width()
                        : ((Operation.Standalone) p.op[i]).floatAccessBytes();
                readX(code, p.rs1[i]);
                code.loadConstant(imm).iadd().istore(InlineLanePaths.ADDR);
                if (fromF) {
                    readF(code, p.rs2[i]);
                } else {
                    readX(code, p.rs2[i]);
                }
                code.istore(InlineLanePaths.VALUE);
                if (wd != 4 || !inline.store32(code)) {
                    code.aload(CTX).aload(WARP).iload(LANE).iload(InlineLanePaths.ADDR).loadConstant(wd)
                            .iload(InlineLanePaths.VALUE).invokestatic(CD_LANEOPS, "store", STORE);
                }
            }
            case FP_RR, FP_FMA -> {
                if (InlineLanePaths.floatFastPath(p.op[i], p.rm[i])) {
                    readF(code, p.rs1[i]);
                    code.istore(InlineLanePaths.A);
                    readF(code, p.rs2[i]);
                    code.istore(InlineLanePaths.B);
                    boolean fused = p.form[i] == Form.FP_FMA;
                    if (fused) {
                        readF(code, p.rs3[i]);
                        code.istore(InlineLanePaths.C);
                    }
                    Runnable helper = () -> {
                        code.iload(InlineLanePaths.A).iload(InlineLanePaths.B);
                        if (fused) {
                            code.iload(InlineLanePaths.C);
                        }
                        rounding(code, i);
                        flagsAndLane(code);
                        call(code, i);
                    };
                    if (!inline.float32(code, p.op[i], p.rm[i], helper)) {
                        helper.run();
                    }
                    writeF(code, p.rd[i]);
                } else if (p.form[i] == Form.FP_RR) {
                    readF(code, p.rs1[i]);
                    readF(code, p.rs2[i]);
                    rounding(code, i);
                    flagsAndLane(code);
                    call(code, i);
                    writeF(code, p.rd[i]);
                } else {
                    readF(code, p.rs1[i]);
                    readF(code, p.rs2[i]);
                    readF(code, p.rs3[i]);
                    rounding(code, i);
                    flagsAndLane(code);
                    call(code, i);
                    writeF(code, p.rd[i]);
                }
            }
            case FP_SGNJ, FP_MINMAX -> {
                readF(code, p.rs1[i]);
                readF(code, p.rs2[i]);
                if (p.form[i] == Form.FP_MINMAX) {
                    flagsAndLane(code);
                }
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case FP_SQRT -> {
                readF(code, p.rs1[i]);
                rounding(code, i);
                flagsAndLane(code);
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case FP_CMP -> {
                readF(code, p.rs1[i]);
                readF(code, p.rs2[i]);
                flagsAndLane(code);
                call(code, i);
                writeX(code, rd);
            }
            case FP_CLASS, FMV_X_W -> {
                readF(code, p.rs1[i]);
                call(code, i);
                writeX(code, rd);
            }
            case FMV_W_X -> {
                readX(code, p.rs1[i]);
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case FCVT_W_S -> {
                readF(code, p.rs1[i]);
                rounding(code, i);
                flagsAndLane(code);
                call(code, i);
                writeX(code, rd);
            }
            case FCVT_S_W -> {
                readX(code, p.rs1[i]);
                rounding(code, i);
                flagsAndLane(code);
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case LOWP_TO_F, SFU -> {
                readF(code, p.rs1[i]);
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case LOWP_FROM_F -> {
                readF(code, p.rs1[i]);
                readF(code, p.rd[i]);
                call(code, i);
                writeF(code, p.rd[i]);
            }
            case FENCE -> { }
            default -> throw new IllegalStateException("not compilable: form " + p.form[i]);
        }
    }
}
