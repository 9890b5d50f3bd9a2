package org.rvsimt.core.exec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;

/**
 * Keeps the events of every host thread as lines of text, per host thread: all of them, or (for long
 * runs) the first {@code keep} and a count and hash of all.
 */
final class RecordingConsumer implements ExecutionConsumer {
    final List<List<String>> threads = Collections.synchronizedList(new ArrayList<>());
    private final int keep;
    long count;
    long hash;
    Boolean faulted;

    RecordingConsumer() {
        this(Integer.MAX_VALUE);
    }

    RecordingConsumer(int keep) {
        this.keep = keep;
    }

    @Override
    public ExecutionListener listener(int hostThread, int hostThreads) {
        List<String> kept = new ArrayList<>();
        threads.add(kept);
        List<String> out = new java.util.AbstractList<>() {
            @Override
            public boolean add(String line) {
                count++;
                hash = hash * 1_000_003L + line.hashCode();
                return kept.size() < keep && kept.add(line);
            }

            @Override
            public String get(int index) {
                return kept.get(index);
            }

            @Override
            public int size() {
                return kept.size();
            }
        };
        return new ExecutionListener() {
            @Override
            public void blockBegin(long block, int x, int y, int z, int warps) {
                out.add("begin b" + block + " (" + x + "," + y + "," + z + ") " + warps);
            }

            @Override
            public void blockEnd(long block, long warpInstructions, long laneInstructions) {
                out.add("end b" + block + " " + warpInstructions + "/" + laneInstructions);
            }

            @Override
            public void warpStart(long block, int warp, int pc, long mask) {
                out.add(String.format("start b%d w%d 0x%x 0x%x", block, warp, pc, mask));
            }

            @Override
            public void instruction(InstructionEvent e) {
                out.add(e.toString());
            }

            @Override
            public void divergence(long block, int warp, int pc, long taken, long notTaken) {
                out.add(String.format("diverge b%d w%d 0x%x 0x%x/0x%x", block, warp, pc, taken, notTaken));
            }

            @Override
            public void reconvergence(long block, int warp, int pc, long mask) {
                out.add(String.format("reconverge b%d w%d 0x%x 0x%x", block, warp, pc, mask));
            }

            @Override
            public void barrierArrive(long block, int warp, int pc, int id) {
                out.add(String.format("arrive b%d w%d 0x%x %d", block, warp, pc, id));
            }

            @Override
            public void barrierRelease(long block, int id) {
                out.add("release b" + block + " " + id);
            }

            @Override
            public void warpExit(long block, int warp, int pc) {
                out.add(String.format("exit b%d w%d 0x%x", block, warp, pc));
            }

            @Override
            public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
                out.add(String.format("fault b%d w%d 0x%x %s 0x%x %d", block, warp, pc, kind, lanes, address));
            }
        };
    }

    @Override
    public void launchEnd(boolean faulted) {
        this.faulted = faulted;
    }

    /** Every line of every host thread. */
    List<String> all() {
        List<String> l = new ArrayList<>();
        threads.forEach(l::addAll);
        return l;
    }
}
