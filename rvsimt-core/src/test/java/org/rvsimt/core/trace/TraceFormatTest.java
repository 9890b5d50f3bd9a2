package org.rvsimt.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.isa.InstructionSet;

class TraceFormatTest {

    /** Header constants from docs/seed.md, "Trace records" (JAL 0x03010001, ADD 0x031C0000, REG_WRITE 0x12010000). */
    @Test
    void headerKeepsTheSeedLayoutForSeedOpcodes() {
        assertThat(TraceFormat.header(0, 3, 1, 1)).isEqualTo(0x03010001);
        assertThat(TraceFormat.header(0, 3, 28, 0)).isEqualTo(0x031C0000);
        assertThat(TraceFormat.header(1, 2, 1, 0)).isEqualTo(0x12010000);
    }

    @Test
    void wideOpcodesPutTheirHighByteInBits15To8() {
        int h = TraceFormat.header(0, 15, 0x03E7, 3);
        assertThat(h).isEqualTo(0x0FE70303);
        assertThat(TraceFormat.opcode(h)).isEqualTo(0x03E7);
        assertThat(TraceFormat.level(h)).isZero();
        assertThat(TraceFormat.nargs(h)).isEqualTo(15);
        assertThat(TraceFormat.flags(h)).isEqualTo(3);
    }

    @Test
    void schemaNamesEveryDeclarationByItsTraceId() {
        TraceSchema s = TraceSchema.current();
        assertThat(s.ops()).hasSize(InstructionSet.size());
        assertThat(s.op(28).mnemonic()).isEqualTo("add");
        assertThat(s.op(28).kind()).isEqualTo("alu");
        assertThat(s.op(28).operands()).containsExactly("rd", "rs1", "rs2");
        assertThat(s.op(1).controlFlow()).isTrue();
        assertThat(s.toJson()).startsWith("{\"format\":\"rvsimt-trace\",\"version\":\"1.0\"");
    }

    @Test
    void samplingFilters() {
        TraceOptions o = TraceOptions.defaults().withPcRange(0x100, 0x200).withWarp(3, 1);
        assertThat(o.selects(0x100, 3, 1)).isTrue();
        assertThat(o.selects(0x1fc, 3, 1)).isTrue();
        assertThat(o.selects(0x200, 3, 1)).isFalse();
        assertThat(o.selects(0x100, 2, 1)).isFalse();
        assertThat(o.selects(0x100, 3, 0)).isFalse();
        assertThat(TraceOptions.defaults().selects(0xFFFF_FFF0, 9, 9)).isTrue();
    }

    @Test
    void everyNthCountsPerChannel() {
        try (BinaryTracer t = BinaryTracer.live(TraceOptions.defaults().withEveryNth(3).withRings(1024, 1024))) {
            t.launchBegin(1, "k", 0, new int[] {0x13}, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 32, 1);
            TraceChannel c = t.channel(0);
            int taken = 0;
            for (int i = 0; i < 10; i++) {
                taken += c.wantsInstruction(0, 0, 0) ? 1 : 0;
            }
            assertThat(taken).isEqualTo(4); // instructions 0, 3, 6, 9
            t.launchEnd(1, "ok", 0, 0, 0);
        }
    }

    /** The hot path allocates nothing: measured with the JVM's per-thread allocation counter. */
    @Test
    void instructionHotPathIsAllocationFree() {
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (BinaryTracer t = BinaryTracer.live(TraceOptions.defaults().withLaneValues(true).withRings(1 << 12, 1024))) {
            t.launchBegin(1, "k", 0, new int[] {0x13}, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 32, 1);
            TraceChannel c = t.channel(0);
            int[] values = new int[32];
            for (int warm = 0; warm < 200_000; warm++) {
                if (c.wantsInstruction(0x100, 0, 0)) {
                    c.instruction(0x100, 0x00A50533, 0, 0, -1L >>> 32, c.wantsLaneValues() ? values : null, 32);
                }
                c.advance(1);
            }
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++) {
                if (c.wantsInstruction(0x100, 0, 0)) {
                    c.instruction(0x100, 0x00A50533, 0, 0, -1L >>> 32, values, 32);
                }
                c.advance(1);
            }
            long after = mx.getCurrentThreadAllocatedBytes();
            assertThat(after - before).as("bytes allocated by 100k traced instructions").isLessThan(1024);
            t.launchEnd(1, "ok", 0, 0, 0);
        }
    }
}
