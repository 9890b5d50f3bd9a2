package org.rvsimt.core.exec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;

/** Keeps every event of every host thread as a line of text, per host thread. */
final class RecordingConsumer implements ExecutionConsumer {
    final List<List<String>> threads = Collections.synchronizedList(new ArrayList<>());
    Boolean faulted;

    @Override
    public ExecutionListener listener(int hostThread, int hostThreads) {
        List<String> out = new ArrayList<>();
        threads.add(out);
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
