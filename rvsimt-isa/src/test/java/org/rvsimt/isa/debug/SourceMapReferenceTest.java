package org.rvsimt.isa.debug;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.isa.elf.ElfFormatException;

/**
 * The checked-in executables (see the README next to them) against answers recorded from
 * llvm-symbolizer 14 ({@code --inlines --functions=short}) and llvm-dwarfdump 14: runs without a
 * toolchain, for DWARF 4 ({@code .debug_ranges}) and DWARF 5 ({@code .debug_rnglists},
 * {@code .debug_addr}, {@code .debug_str_offsets}, {@code .debug_line_str}).
 */
class SourceMapReferenceTest {

    private static final String C = "/rvsimt/kernels/reduction_c/reduction.c";
    private static final String H = "/rvsimt/kernels/include/rvsimt.h";

    private static SourceMap map(String resource) throws Exception {
        return SourceMap.read(DwarfFuzzTest.resource(resource), resource);
    }

    private static List<String> frames(SourceMap map, int pc) {
        return map.frames(pc).stream().map(SourceFrame::toString).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"reduction-dwarf4-O2.elf", "reduction-dwarf5-O2.elf"})
    void framesMatchLlvmSymbolizer(String resource) throws Exception {
        SourceMap map = map(resource);
        assertThat(frames(map, 0x0)).containsExactly("reduce_sum at " + C + ":24:18");
        assertThat(frames(map, 0x8)).containsExactly("reduce_sum at " + C + ":0:23");
        assertThat(frames(map, 0x50)).containsExactly("warp_sum at " + C + ":18:20", "reduce_sum at " + C + ":27:9");
        assertThat(frames(map, 0x78)).containsExactly("__rv_shfl_ctl at " + H + ":173:25",
                "__rv_shfl_down_i at " + H + ":190:1", "warp_sum at " + C + ":18:59", "reduce_sum at " + C + ":27:9");
        assertThat(frames(map, 0xa8)).containsExactly("__laneid at " + H + ":77:45", "reduce_sum at " + C + ":28:21");
        assertThat(frames(map, 0x17c)).containsExactly("reduce_sum at " + C + ":38:1");
        assertThat(frames(map, 0x180)).isEmpty();
        assertThat(map.function(0x78)).hasValue("__rv_shfl_ctl");
        assertThat(map.location(0x78)).hasValue(new SourceLocation(H, 173, 25));
        assertThat(map.frames(0x78).getFirst().inlined()).isTrue();
        assertThat(map.frames(0x78).getLast().inlined()).isFalse();
        assertThat(map.lines().rows()).hasSize(67); // llvm-dwarfdump --debug-line prints 67 rows
    }

    @ParameterizedTest
    @ValueSource(strings = {"reduction-dwarf4-O2.elf", "reduction-dwarf5-O2.elf"})
    void aRelocatableObjectIsRefusedWithAHint(String resource) throws Exception {
        byte[] elf = DwarfFuzzTest.resource(resource);
        elf[16] = 1; // e_type = ET_REL
        assertThatThrownBy(() -> SourceMap.read(elf, "k.o")).isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("k.o: e_type at offset 0x10: relocatable object file (ET_REL); link it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"reduction-dwarf4-O2.elf", "reduction-dwarf5-O2.elf"})
    void withoutDwarfTheSymbolTableNamesTheFunction(String resource) throws Exception {
        SourceMap map = SourceMap.of(DebugSections.of(resource, java.util.Map.of()),
                org.rvsimt.isa.elf.ElfReader.read(DwarfFuzzTest.resource(resource), resource, 1L << 32));
        assertThat(map.hasLines()).isFalse();
        assertThat(map.location(0x78)).isEmpty();
        assertThat(map.function(0x78)).hasValue("reduce_sum"); // STT_FUNC reduce_sum, size 0x180
        assertThat(map.function(0x180)).isEmpty();
    }
}
