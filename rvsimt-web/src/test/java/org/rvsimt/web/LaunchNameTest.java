package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.AssembledProgram;
import org.rvsimt.isa.asm.Assembler;

/** A launch of a loaded ELF is named after the symbol at its entry, as a client's kernel is known by. */
@Timeout(60)
class LaunchNameTest {
    /** A local helper first, so the entry symbol is not at the image's first address. */
    static final String ELF_SOURCE = """
                    .text
            helper:
                    li      t0, 42
                    ret
                    .globl  scale_rows
            scale_rows:
                    addi    t1, zero, 3
                    ret
            """;

    @Test
    void anElfLaunchIsNamedAfterItsEntrySymbolAndAFlatOneAfterItsAddress() throws Exception {
        try (WebFixture f = new WebFixture()) {
            AssembledProgram p = Assembler.assemble(ELF_SOURCE, "scale.S", AsmOptions.defaults());
            byte[] elf = p.toElf();
            DeviceModel.LoadedKernel k = f.device.loadKernel(0, 0, elf, 0, elf.length);
            int entry = p.symbol("scale_rows").orElseThrow().value();
            assertThat(entry).isEqualTo(8);              // after helper's two instructions
            DeviceModel.Outcome o = f.device.launch(entry, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, 0, 0, 1)
                    .await(20_000);
            assertThat(o.ok()).as(o.message()).isTrue();
            assertThat(k.start()).isZero();
            assertThat(f.get("/api/state").body()).contains("\"kernel\":\"scale_rows\"");

            // A flat binary has no symbols: the address names it.
            assertThat(f.run("addi t1, zero, 3\nret\n", 1, 32).ok()).isTrue();
            assertThat(f.get("/api/state").body()).contains("\"kernel\":\"kernel@0x00000400\"");
        }
    }
}
