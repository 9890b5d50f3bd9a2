package org.rvsimt.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;

/** The registry's rule: text by extension, then binary formats by content, then by extension. */
class FrontEndsTest {
    private static final String ASM = "        .globl k\nk:      addi a0, a0, 1\n        ret\n";
    private static final byte[] TEXT = "hello, world\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private static Optional<String> selected(String name, byte[] content) throws IOException {
        return FrontEnds.standard().select(KernelSource.ofBytes(name, content)).map(FrontEnd::name);
    }

    private static byte[] elf() throws Exception {
        return Assembler.assemble(ASM, "k.S", AsmOptions.defaults()).toElf();
    }

    @Test
    void textFrontEndsByExtensionWithoutReadingTheContent() throws Exception {
        KernelSource unreadable = KernelSource.ofFile(java.nio.file.Path.of("k.S"), () -> {
            throw new AssertionError("the content must not be read");
        });
        assertThat(FrontEnds.standard().select(unreadable).map(FrontEnd::name)).contains("assembly");
        assertThat(selected("k.s", TEXT)).contains("assembly");
        assertThat(selected("k.c", TEXT)).contains("c");
        assertThat(selected("K.C", TEXT)).contains("c");
    }

    @Test
    void elfByContentWhateverTheName() throws Exception {
        assertThat(selected("kernel", elf())).contains("elf");
        assertThat(selected("kernel.bin", elf())).contains("elf");
        assertThat(selected("kernel.elf", elf())).contains("elf");
    }

    @Test
    void flatBinaryByExtensionOnly() throws Exception {
        assertThat(selected("seed.bin", new byte[] {0x13, 0, 0, 0})).contains("binary");
        assertThat(selected("kernel.elf", TEXT)).isEmpty();
        assertThat(selected("README.md", TEXT)).isEmpty();
    }

    @Test
    void aFileNoFrontEndReadsIsNamed() {
        assertThat(FrontEnds.standard().notAKernel()).isEqualTo("not an ELF file, and not .S, .c, .cl or .bin");
        assertThatThrownBy(() -> FrontEnds.standard().load(KernelSource.ofBytes("notes.txt", TEXT),
                FrontEndOptions.defaults()))
                .isInstanceOf(FrontEndException.class)
                .hasMessage("notes.txt: not an ELF file, and not .S, .c, .cl or .bin");
    }

    @Test
    void eachFrontEndBuildsTheSameKernel() throws Exception {
        Kernel fromAsm = FrontEnds.standard().load(KernelSource.ofBytes("k.S", ASM.getBytes()),
                FrontEndOptions.defaults()).kernel();
        KernelBuild fromElf = FrontEnds.standard().load(KernelSource.ofBytes("k.elf", elf()), FrontEndOptions.defaults());
        assertThat(fromElf.frontEnd().name()).isEqualTo("elf");
        assertThat(fromElf.elf()).contains(elf());
        assertThat(fromElf.kernel().symbol("k")).isEqualTo(fromAsm.symbol("k")).contains(0);
        byte[] flat = Assembler.assemble(ASM, "k.S", AsmOptions.defaults()).flatImage();
        Kernel fromBin = FrontEnds.standard().load(KernelSource.ofBytes("k.bin", flat),
                FrontEndOptions.defaults().withLoadAddress(0x100, 0x104)).kernel();
        assertThat(fromBin.entry()).isEqualTo(0x104);
        assertThat(fromBin.image().segments().getFirst().vaddr()).isEqualTo(0x100);
        assertThat(fromBin.image().segments().getFirst().data()).isEqualTo(flat);
    }

    @Test
    void assemblyErrorsKeepTheAssemblersMessage() {
        assertThatThrownBy(() -> FrontEnds.standard().load(KernelSource.ofBytes("bad.S", "  frob a0\n".getBytes()),
                FrontEndOptions.defaults()))
                .isInstanceOf(FrontEndException.class)
                .hasMessageStartingWith("bad.S:1");
    }

    /** The extension point: a new source language is one more front end, chosen by its extension. */
    @Test
    void aNewFrontEndJoinsTheRegistry() throws Exception {
        FrontEnd cl = new AbstractFrontEnd("cuda", InputForm.TEXT, ".cu") {
            @Override
            public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException {
                throw new FrontEndException(source.name() + ": CUDA is not supported yet");
            }
        };
        FrontEnds withCl = FrontEnds.standard().with(cl);
        assertThat(withCl.select(KernelSource.ofBytes("k.cu", TEXT)).map(FrontEnd::name)).contains("cuda");
        assertThat(withCl.select(KernelSource.ofBytes("k.cl", TEXT)).map(FrontEnd::name)).contains("opencl");
        assertThat(withCl.notAKernel()).isEqualTo("not an ELF file, and not .S, .c, .cl, .bin or .cu");
        assertThat(FrontEnds.standard().byName("cuda")).isEmpty();
    }
}
