package org.rvsimt.core.exec.jit;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.rvsimt.core.exec.program.Program;

/**
 * The background thread that compiles hot blocks (tiered execution): warps keep interpreting a block
 * while it compiles and take the compiled code at their next arrival at its start, so no warp waits
 * for a compile. One daemon thread for the process: compiles are short, and on a small machine more
 * compiler threads would take cores from the warps.
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
        THREAD.execute(() -> cache.slots.set(index, compile(p, index, width, fastSfu, observed, false)));
    }

    /** The slot's final content for the block at {@code index}; {@code eager}: compiled at first reach, untiered. */
    static Object compile(Program p, int index, int width, boolean fastSfu, boolean observed, boolean eager) {
        try {
            JitBlock b = new BlockCompiler(p, width, fastSfu, observed, eager).compile(index);
            return b == null ? BlockCache.NOT_COMPILABLE : b;
        } catch (RuntimeException e) {
            return new BlockCache.Failure(e);
        } catch (LinkageError | OutOfMemoryError e) {
            return new BlockCache.Failure(new IllegalStateException(e.toString(), e));
        }
    }
}
