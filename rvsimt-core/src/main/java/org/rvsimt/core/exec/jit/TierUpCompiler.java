package org.rvsimt.core.exec.jit;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.rvsimt.core.exec.program.Program;

/**
 * The background thread that compiles hot blocks (tiered execution): warps keep interpreting a block
 * while it compiles and take the compiled code at their next arrival at its start, so no warp waits
 * for a compile. One daemon thread for the process: compiles are short, and on a small machine more
 * compiler threads would take cores from the warps. The same thread compiles a block again with its
 * host-SIMD loops once SimdLanes is warm ({@link SimdPending}); warps run the old block until the new
 * one replaces it.
 */
final class TierUpCompiler {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rvsimt-jit-compiler");
        t.setDaemon(true);
        return t;
    });

    private TierUpCompiler() { }

    /** Compiles the block at {@code index} into {@code cache} in the background; the slot must hold PENDING. */
    static void submit(BlockCache cache, Program p, int index, int width, boolean fastSfu, boolean observed) {
        THREAD.execute(() -> cache.slots.set(index, compile(cache, p, index, width, fastSfu, observed, false)));
    }

    /** The slot's final content for the block at {@code index}; {@code eager}: compiled at first reach, untiered. */
    static Object compile(BlockCache cache, Program p, int index, int width, boolean fastSfu, boolean observed,
                          boolean eager) {
        return compiled(cache, p, index, width, fastSfu, observed, eager, null);
    }

    /**
     * Compiles the block (with {@code old}'s loop region, when it is a recompile of {@code old}) and, if
     * it waits for SimdLanes, gives it its recompile: the same block with its SIMD loops, swapped into
     * the slot only if the slot still holds this block.
     */
    private static Object compiled(BlockCache cache, Program p, int index, int width, boolean fastSfu, boolean observed,
                                   boolean simdDecided, JitBlock old) {
        try {
            BlockCompiler compiler = new BlockCompiler(p, width, fastSfu, observed, simdDecided);
            JitBlock b = old == null ? compiler.compile(index) : compiler.compile(index, old.region());
            if (b == null) {
                return BlockCache.NOT_COMPILABLE;
            }
            SimdPending pending = b.simd();
            if (pending != null) {
                pending.recompileWith(() -> THREAD.execute(() -> {
                    Object again = compiled(cache, p, index, width, fastSfu, observed, true, b);
                    cache.slots.compareAndSet(index, b, again);
                }));
            }
            return b;
        } catch (RuntimeException e) {
            return new BlockCache.Failure(e);
        } catch (LinkageError | OutOfMemoryError e) {
            return new BlockCache.Failure(new IllegalStateException(e.toString(), e));
        }
    }
}
