package org.rvsimt.core.exec.jit;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.rvsimt.core.exec.program.Program;

/**
 * The JIT's blocks of one program for one variant (warp width, SFU mode, observed), shared by all
 * host threads, and what tiered execution needs before a block is compiled: how often each block
 * start has run in the interpreter, and the block's extent (the instructions it would compile).
 *
 * <p>A slot holds nothing (not yet hot), {@link #PENDING} (queued on the background compiler), a
 * {@link JitBlock}, {@link #NOT_COMPILABLE}, or a {@link Failure} that the next warp to reach the
 * block reports (a compile bug must fail the launch, not quietly leave the block interpreted).
 */
public final class BlockCache {
    static final Object NOT_COMPILABLE = new Object();
    static final Object PENDING = new Object();

    /** A compile that threw, kept for the launch that needs the block. */
    record Failure(RuntimeException error) { }

    final AtomicReferenceArray<Object> slots;
    /**
     * Interpreted runs per block start. Incremented without synchronisation: it is a heuristic, and a
     * lost increment only delays a block's compile by one run.
     */
    final int[] runs;
    /** Each block start's extent plus one (0: not yet computed), so the interpreter runs exactly the block. */
    final int[] extentPlusOne;

    BlockCache(int length) {
        slots = new AtomicReferenceArray<>(length);
        runs = new int[length];
        extentPlusOne = new int[length];
    }

    /** The instructions the block at {@code index} has (0: no block starts there). */
    int extent(Program p, int index) {
        int e = extentPlusOne[index];
        if (e == 0) {
            e = BlockExtent.extent(p, index) + 1;
            extentPlusOne[index] = e;
        }
        return e - 1;
    }
}
