package org.rvsimt.observe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.trace.BinaryTracer;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.TraceOptions;
import org.rvsimt.core.trace.TraceRecord;
import org.rvsimt.core.trace.TraceRecord.*;

/**
 * A small trace written through the producer API exactly as engines call it, with every record
 * type, and the records a reader must get back, written out by hand from the calls.
 */
final class SampleTrace {
    // Encodings per the RISC-V unprivileged spec (base opcode map), checked by hand.
    static final int ADDI = 0x00150513; // addi a0, a0, 1
    static final int BEQ = 0x00B50463;  // beq a0, a1, 8
    static final int LW = 0x00052603;   // lw a2, 0(a0)
    static final int SW = 0x00C52223;   // sw a2, 4(a0)
    static final int[] CODE = {ADDI, BEQ, LW, SW, 0x00008067};
    static final long ALL = 0xFFFF_FFFFL;

    /** Expected records by source: index 0 and 1 the host threads, 2 the tracer. Fast and slow apart. */
    final List<TraceRecord> fast0 = new ArrayList<>();
    final List<TraceRecord> slow0 = new ArrayList<>();
    final List<TraceRecord> fast1 = new ArrayList<>();
    final List<TraceRecord> slow1 = new ArrayList<>();
    final List<TraceRecord> tracer = new ArrayList<>();
    final int[] values = new int[16];

    static SampleTrace write(Path file) throws IOException {
        SampleTrace s = new SampleTrace();
        try (BinaryTracer t = BinaryTracer.toFile(file, TraceOptions.defaults().withLaneValues(true).withRings(1024, 512))) {
            s.produce(t);
        }
        return s;
    }

    void produce(BinaryTracer t) {
        for (int i = 0; i < values.length; i++) {
            values[i] = 0x100 * i + 7;
        }
        t.launchBegin(7, "demo.S", 0x1000, CODE, 0x1000, new int[] {2, 1, 1}, new int[] {64, 1, 1}, 32, 2);
        tracer.add(new LaunchBegin(0, 7, "demo.S", 0x1000, 0x1000, new int[] {2, 1, 1}, new int[] {64, 1, 1}, 32, 2));
        TraceChannel c0 = t.channel(0);
        TraceChannel c1 = t.channel(1);

        c0.blockBegin(0, 0, 0, 0, 2);
        slow0.add(new BlockBegin(0, 0, 0, 0, 0, 2));
        c0.instruction(0x1000, ADDI, 0, 0, ALL, null, 0);
        fast0.add(new Instruction(0, 19, 0x1000, ADDI, 0, 0, ALL, new int[0], false));
        c0.advance(1);
        c0.instruction(0x1004, BEQ, 0, 0, ALL, null, 0);
        fast0.add(new Instruction(1, 3, 0x1004, BEQ, 0, 0, ALL, new int[0], true));
        c0.divergence(0, 0, 0x1004, 0xFFFF, 0xFFFF_0000L);
        slow0.add(new Divergence(1, 0, 0, 0x1004, 0xFFFF, 0xFFFF_0000L));
        c0.advance(1);
        c0.instruction(0x1008, LW, 0, 0, 0xFFFF, values, 16);
        fast0.add(new Instruction(2, 11, 0x1008, LW, 0, 0, 0xFFFF, values, false));
        c0.advance(1);
        c0.reconvergence(0, 0, 0x100c, ALL);
        slow0.add(new Reconvergence(3, 0, 0, 0x100c, ALL));
        c0.instruction(0x100c, SW, 0, 1, ALL, null, 0);
        fast0.add(new Instruction(3, 16, 0x100c, SW, 0, 1, ALL, new int[0], false));
        c0.barrierWait(0, 0, 0x100c, -1);
        slow0.add(new BarrierWait(3, 0, 0, 0x100c, -1));
        c0.advance(2);
        c0.barrierWait(0, 1, 0x100c, -1);
        slow0.add(new BarrierWait(5, 0, 1, 0x100c, -1));
        c0.advance(3);
        c0.barrierRelease(0, -1);
        slow0.add(new BarrierRelease(8, 0, -1));
        c0.warpDone(0, 0, 0x1010);
        slow0.add(new WarpDone(8, 0, 0, 0x1010));
        c0.warpDone(0, 1, 0x1010);
        slow0.add(new WarpDone(8, 0, 1, 0x1010));
        c0.blockEnd(0, 5, 144);
        slow0.add(new BlockEnd(8, 0, 5, 144));

        c1.blockBegin(1, 1, 0, 0, 2);
        slow1.add(new BlockBegin(0, 1, 1, 0, 0, 2));
        c1.instruction(0x1000, ADDI, 1, 0, ALL, null, 0);
        fast1.add(new Instruction(0, 19, 0x1000, ADDI, 1, 0, ALL, new int[0], false));
        c1.advance(1);
        c1.fault(1, 0, 0x1008, "out_of_bounds", 0x3, 0x12345678L);
        slow1.add(new Fault(1, 1, 0, 0x1008, "out_of_bounds", 0x3, 0x12345678L));

        t.deviceRegister(true, 0x10, 5);
        tracer.add(new RegisterAccess(0, true, 0x10, 5));
        t.deviceRegister(false, 0x14, -1);
        tracer.add(new RegisterAccess(0, false, 0x14, -1));
        t.dma(0x1000, 0x2_0000_0000L, 4096);
        tracer.add(new Dma(0, 0x1000, 0x2_0000_0000L, 4096));
        t.launchEnd(7, "fault", 6, 176, 12345);
        tracer.add(new LaunchEnd(8, 7, "fault", 6, 176, 12345));
    }
}
