package org.rvsimt.isa.debug;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A DWARF 4 line program written byte by byte, with its rows worked out by hand from the DWARF 5
 * standard's state machine (section 6.2.5): every opcode kind, two sequences, and the errors.
 */
class LineProgramTest {

    /** The program; its header fields are at fixed offsets (line_range at 0xe) for the error tests. */
    static byte[] program(int version, int lineRange) {
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        header.write(2);                 // minimum_instruction_length: every operation advance counts 2 bytes
        header.write(1);                 // maximum_operations_per_instruction
        header.write(1);                 // default_is_stmt
        header.write(-3);                // line_base
        header.write(lineRange);         // line_range
        header.write(13);                // opcode_base
        header.writeBytes(new byte[] {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1});
        header.writeBytes("inc\0\0".getBytes(StandardCharsets.US_ASCII));           // include_directories: 1 = inc
        header.writeBytes("a.c\0\0\0\0b.h\0\1\0\0\0".getBytes(StandardCharsets.US_ASCII)); // files 1 = a.c, 2 = inc/b.h
        byte[] h = header.toByteArray();
        byte[] program = {
            0, 5, 2, 0, 0x10, 0, 0,  // DW_LNE_set_address 0x1000
            3, 9,                    // advance_line +9: line 10
            1,                       // copy: row 0x1000 a.c:10:0 is_stmt
            41,                      // special 41: adjusted 28 = 2 ops (4 bytes) and line +1: row 0x1004 a.c:11
            5, 5,                    // set_column 5
            6,                       // negate_stmt
            8,                       // const_add_pc: (255 - 13) / 12 = 20 ops = 40 bytes: 0x102c
            4, 2,                    // set_file 2
            13,                      // special 13: adjusted 0 = no advance, line -3: row 0x102c inc/b.h:8:5
            9, 0x10, 0,              // fixed_advance_pc 0x10: 0x103c
            0, 2, 4, 3,              // DW_LNE_set_discriminator 3
            2, 2,                    // advance_pc 2 ops: 0x1040
            0, 1, 1,                 // end_sequence at 0x1040
            0, 5, 2, 0, 8, 0, 0,     // set_address 0x800
            1,                       // copy: row 0x800 a.c:1:0
            2, 4,                    // advance_pc 4 ops: 0x808
            0, 1, 1,                 // end_sequence at 0x808
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int unitLength = 2 + 4 + h.length + program.length;
        le(out, unitLength, 4);
        le(out, version, 2);
        le(out, h.length, 4);
        out.writeBytes(h);
        out.writeBytes(program);
        return out.toByteArray();
    }

    private static void le(ByteArrayOutputStream out, long v, int n) {
        for (int i = 0; i < n; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    private static SourceMap read(byte[] line) throws DwarfFormatException {
        return SourceMap.of(DebugSections.of("t.elf", Map.of(DebugSections.Kind.LINE, line)), null);
    }

    @Test
    void rowsAreTheHandComputedOnes() throws Exception {
        SourceMap map = read(program(4, 12));
        assertThat(map.lines().rows()).extracting(r -> String.format("%x %s %d%s%s", r.address(),
                r.location() == null ? "-" : r.location(), r.fileIndex(), r.isStmt() ? " stmt" : "", r.endSequence() ? " end" : ""))
                .containsExactly(
                        "800 a.c:1:0 1 stmt",
                        "808 a.c:1:0 1 stmt end",
                        "1000 a.c:10:0 1 stmt",
                        "1004 a.c:11:0 1 stmt",
                        "102c inc/b.h:8:5 2",
                        "1040 inc/b.h:8:5 2 end");
    }

    @Test
    void lookupCoversEachRowUpToTheNextAndNothingOutsideSequences() throws Exception {
        SourceMap map = read(program(4, 12));
        assertThat(map.location(0x7fe)).isEmpty();
        assertThat(map.location(0x800)).hasValue(new SourceLocation("a.c", 1, 0));
        assertThat(map.location(0x806)).hasValue(new SourceLocation("a.c", 1, 0));
        assertThat(map.location(0x808)).isEmpty();
        assertThat(map.location(0x1000)).hasValue(new SourceLocation("a.c", 10, 0));
        assertThat(map.location(0x1002)).hasValue(new SourceLocation("a.c", 10, 0));
        assertThat(map.location(0x1004)).hasValue(new SourceLocation("a.c", 11, 0));
        assertThat(map.location(0x102a)).hasValue(new SourceLocation("a.c", 11, 0));
        assertThat(map.location(0x102c)).hasValue(new SourceLocation("inc/b.h", 8, 5));
        assertThat(map.location(0x103e)).hasValue(new SourceLocation("inc/b.h", 8, 5));
        assertThat(map.location(0x1040)).isEmpty();
        assertThat(map.location(-4)).isEmpty();
        // No .debug_info: the frame has the location but no function.
        assertThat(map.frames(0x1004)).containsExactly(new SourceFrame(null, new SourceLocation("a.c", 11, 0), false));
        assertThat(map.function(0x1004)).isEmpty();
    }

    @Test
    void badHeadersNameTheSectionAndOffset() {
        assertThatThrownBy(() -> read(program(4, 0))).isInstanceOf(DwarfFormatException.class)
                .hasMessage("t.elf: .debug_line at offset 0xe: line_range is 0");
        assertThatThrownBy(() -> read(program(7, 12))).isInstanceOf(DwarfFormatException.class)
                .hasMessage("t.elf: .debug_line at offset 0x4: unsupported line table version 7 (2 to 5 are)");
        byte[] truncated = java.util.Arrays.copyOf(program(4, 12), 20);
        assertThatThrownBy(() -> read(truncated)).isInstanceOf(DwarfFormatException.class)
                .hasMessageStartingWith("t.elf: .debug_line at offset 0x4: line table unit of unit_length 0x")
                .hasMessageEndingWith("(truncated)");
    }

    @Test
    void anEmptySectionGivesAnEmptyTable() throws Exception {
        SourceMap map = read(new byte[0]);
        assertThat(map.hasLines()).isFalse();
        assertThat(map.frames(0)).isEmpty();
    }
}
