package org.rvsimt.timing.record;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;

/**
 * Blocks handed from the recording host threads to a cycle model running beside them: published
 * as each block ends, taken in index order (the model waits for the next index, so it sees the
 * blocks in the same order as from a finished recording, whatever the host threads did). The
 * model assumes the first block's registers and warps; {@link TraceRecorder#matchesAssumed}
 * tells afterwards whether the whole launch agreed.
 */
final class BlockFeed implements BlockSource {
    private final TraceRecorder recorder;
    private final Map<Long, BlockTrace> ready = new HashMap<>();
    private long expected;
    private BlockTrace head;
    private boolean headKnown;
    private boolean closed;
    private BlockTrace first;
    private boolean firstKnown;

    BlockFeed(TraceRecorder recorder) {
        this.recorder = recorder;
    }

    synchronized void publish(BlockTrace b) {
        ready.put(b.block, b);
        if (b.block == expected) {
            notifyAll();
        }
    }

    /** No more blocks come: the launch ended. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    @Override
    public synchronized BlockTrace peek() {
        if (!headKnown) {
            head = await();
            headKnown = true;
            if (!firstKnown) {
                first = head;
                firstKnown = true;
            }
        }
        return head;
    }

    @Override
    public synchronized void take() {
        headKnown = false;
        head = null;
    }

    private BlockTrace await() {
        while (true) {
            BlockTrace b = ready.remove(expected);
            if (b != null) {
                expected++;
                return b;
            }
            if (closed) {
                // Block indices need not be contiguous: once all are in, take the smallest left.
                if (ready.isEmpty()) {
                    return null;
                }
                long smallest = new TreeMap<>(ready).firstKey();
                expected = smallest + 1;
                return ready.remove(smallest);
            }
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("the launch was abandoned");
            }
        }
    }

    @Override
    public long registersUsed() {
        BlockTrace b = firstBlock();
        return b == null ? 0 : b.registersUsed;
    }

    @Override
    public int warpsPerBlock() {
        BlockTrace b = firstBlock();
        return b == null ? 1 : Math.max(1, b.warps());
    }

    private synchronized BlockTrace firstBlock() {
        peek();
        return first;
    }

    @Override
    public int[] pcs() {
        return recorder.pcs();
    }
}
