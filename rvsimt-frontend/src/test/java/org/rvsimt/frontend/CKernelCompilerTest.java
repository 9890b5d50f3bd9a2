package org.rvsimt.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.isa.debug.SourceMap;
import org.rvsimt.isa.elf.Segment;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.elf.ElfImage;

/** {@link CKernelCompiler}: what it produces and how it reports problems (one line). */
class CKernelCompilerTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void needsClang() {
        Repository.assumeClang();
    }

    @Test
    void compilesALibraryKernelLinkedAtZero() throws Exception {
        Path src = Repository.kernelsDir().resolve("vecadd_c/vecadd.c");
        byte[] elf = CKernelCompiler.compile(src, "vecadd", null);
        Kernel k = Kernel.fromElf(elf, "vecadd.c", 64 << 20);
        assertThat(k.symbol("vecadd")).contains(0);
        assertThat(k.entry()).isZero();
        ElfImage image = k.image();
        image.segments().forEach(s -> assertThat(Integer.toUnsignedLong(s.vaddr()) + s.memSize()).isLessThanOrEqualTo(1 << 20));
    }

    /**
     * -g (the default) must not change the code: the loaded segments of library kernels (scalar,
     * shared memory and barriers, RVV) are byte for byte those of a build without it, and the -g
     * build carries a line table that llvm-dwarfdump would read (checked in rvsimt-isa's tests).
     */
    @ParameterizedTest
    @ValueSource(strings = {"reduction_c/reduction.c", "matmul_tiled_c/matmul_tiled.c", "softmax_rvv/softmax_rvv.c"})
    void debugInformationLeavesTheCodeUnchanged(String kernel) throws Exception {
        Path src = Repository.kernelsDir().resolve(kernel);
        byte[] withG = CKernelCompiler.compile(src, null, null);
        byte[] withoutG = CKernelCompiler.compile(src, null, null, false);
        List<Segment> a = Kernel.fromElf(withG, kernel, 64 << 20).image().segments();
        List<Segment> b = Kernel.fromElf(withoutG, kernel, 64 << 20).image().segments();
        assertThat(a).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).vaddr()).isEqualTo(b.get(i).vaddr());
            assertThat(a.get(i).memSize()).isEqualTo(b.get(i).memSize());
            assertThat(a.get(i).data()).isEqualTo(b.get(i).data());
        }
        assertThat(SourceMap.read(withG, kernel).hasLines()).isTrue();
        assertThat(SourceMap.read(withoutG, kernel).hasLines()).isFalse();
        assertThat(withG.length).isGreaterThan(withoutG.length);
    }

    @Test
    void compileErrorIsTheFirstErrorLine() throws Exception {
        Path src = tmp.resolve("bad.c");
        Files.writeString(src, "int ok;\nvoid k(int *p) {\n  int x = ;\n  undeclared();\n}\n");
        assertThatThrownBy(() -> CKernelCompiler.compile(src, "k", null))
                .isInstanceOf(FrontEndException.class)
                .hasMessageStartingWith(src + ":3:")
                .hasMessageContaining("error: expected expression")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void doubleArithmeticGetsAHint() throws Exception {
        Path src = tmp.resolve("dbl.c");
        Files.writeString(src, "__attribute__((used)) void k(double *p) { p[0] = p[1] * 3.0; }\n");
        assertThatThrownBy(() -> CKernelCompiler.compile(src, "k", null))
                .isInstanceOf(FrontEndException.class)
                .hasMessageContaining("undefined symbol: __muldf3")
                .hasMessageContaining("use float");
    }

    /** A float passed to a variadic function becomes a double: that is not double arithmetic. */
    @Test
    void floatToDoubleWithoutTheHeaderPointsAtTheHeader() throws Exception {
        Path src = tmp.resolve("promote.c");
        Files.writeString(src, "__attribute__((used)) void k(float *p, double *q) { *q = p[0]; }\n");
        assertThatThrownBy(() -> CKernelCompiler.compile(src, "k", null))
                .isInstanceOf(FrontEndException.class)
                .hasMessageContaining("undefined symbol: __extendsfdf2")
                .hasMessageContaining("include rvsimt.h")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("use float"));
    }

    @Test
    void missingCompilerOverride() {
        Path src = Repository.kernelsDir().resolve("vecadd_c/vecadd.c");
        assertThatThrownBy(() -> CKernelCompiler.compile(src, "vecadd", "/nonexistent/clang-42"))
                .isInstanceOf(FrontEndException.class)
                .hasMessageContaining("/nonexistent/clang-42 not found");
    }

    @Test
    void missingSource() {
        assertThatThrownBy(() -> CKernelCompiler.compile(tmp.resolve("nope.c"), "k", null))
                .isInstanceOf(FrontEndException.class)
                .hasMessageContaining("nope.c: no such file");
    }
}
