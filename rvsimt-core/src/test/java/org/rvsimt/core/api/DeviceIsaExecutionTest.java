package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.isa.DeviceIsa;

/**
 * A device executes only the extensions of its ISA: an instruction of another is an illegal
 * instruction there, on both engines, while the same kernel runs on a device that has it; misa reads
 * the device's extensions (MXL = 1, one bit per letter, X for the custom ones).
 */
class DeviceIsaExecutionTest {

    private static final String CLZ = """
                .globl k
            k:
                lw a1, 0(a0)
                li t0, 0x00f00000
                clz t1, t0
                sw t1, 0(a1)
                csrr t2, misa
                sw t2, 4(a1)
                ret
            """;

    private static int[] run(DeviceConfig config, String src) throws Exception {
        try (Device d = Device.open(config)) {
            Buffer out = d.alloc(8);
            LaunchResult r = d.launch(Kernel.fromAssembly(src, "isa.S"), Dim3.of(1), Dim3.of(1), 0, out);
            if (!r.ok()) {
                return new int[] {-1, r.fault().kind().label().hashCode(), 0};
            }
            int[] v = out.readInts();
            return new int[] {v[0], v[1], 1};
        }
    }

    @Test
    void anExtensionTheDeviceLacksIsIllegalOnBothEngines() throws Exception {
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig base = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
            int[] all = run(base, CLZ);
            assertThat(all[2]).as(engine).isEqualTo(1);
            assertThat(all[0]).as("clz(0x00f00000) on %s", engine).isEqualTo(8);
            assertThat(all[1]).as("misa of the default device")
                    .isEqualTo(0x40000000 | 1 << 8 | 1 << 12 | 1 | 1 << 2 | 1 << 5 | 1 << 23);

            int[] zbb = run(base.withIsa(DeviceIsa.parse("rv32im_zbb")), CLZ);
            assertThat(zbb[0]).isEqualTo(8);
            assertThat(zbb[1]).as("misa of rv32im_zbb").isEqualTo(0x40000000 | 1 << 8 | 1 << 12 | 1 << 23);

            Kernel k = Kernel.fromAssembly(CLZ, "isa.S");
            try (Device d = Device.open(base.withIsa(DeviceIsa.parse("rv32imaf")))) {
                LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, d.alloc(8));
                assertThat(r.ok()).as(engine).isFalse();
                assertThat(r.fault().kind().label()).isEqualTo("illegal_instruction");
                assertThat(r.fault().summary()).contains("clz").contains("zbb");
            }
            // the kernel's full-ISA copy is unaffected by the subset device that ran before
            try (Device d = Device.open(base)) {
                assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0, d.alloc(8)).ok()).isTrue();
            }
        }
    }

    /** Zfhmin has the half conversions and moves, not the arithmetic; a device without either has neither. */
    @Test
    void zfhminConvertsHalvesAndOnlyZfhComputesWithThem() throws Exception {
        String convert = """
                    .globl k
                k:
                    lw a1, 0(a0)
                    li t0, 0x3f800000
                    fmv.w.x ft0, t0
                    fcvt.h.s ft1, ft0
                    fmv.x.w t1, ft1
                    sw t1, 0(a1)
                    ret
                """;
        String add = convert.replace("fmv.x.w t1, ft1", "fadd.h ft1, ft1, ft1\n    fmv.x.w t1, ft1");
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig base = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
            DeviceConfig min = base.withIsa(DeviceIsa.parse("rv32imaf_zfhmin"));
            assertThat(run(min, convert)[0]).as("1.0 as a NaN-boxed half on %s", engine).isEqualTo(0xFFFF3C00);
            assertThat(run(base, add)[0]).as("1.0 + 1.0 on %s", engine).isEqualTo(0xFFFF4000);
            for (String isa : new String[] {"rv32imaf_zfhmin", "rv32imaf"}) {
                try (Device d = Device.open(base.withIsa(DeviceIsa.parse(isa)))) {
                    LaunchResult r = d.launch(Kernel.fromAssembly(isa.endsWith("zfhmin") ? add : convert, "h.S"),
                            Dim3.of(1), Dim3.of(1), 0, d.alloc(8));
                    assertThat(r.ok()).as(isa).isFalse();
                    assertThat(r.fault().summary()).as(isa).contains(isa.endsWith("zfhmin") ? "fadd.h" : "fcvt.h.s")
                            .contains(isa.endsWith("zfhmin") ? "lacks zfh" : "lacks zfhmin");
                }
            }
        }
    }

    /**
     * Compressed code (two c.nop, 0x0001 each, in one word, then c.flw fa0, 0(a0) = 0x6108) runs on a
     * device with C; without C, or without F for c.flw, the fault names the instruction and the
     * missing extension.
     */
    @Test
    void aCompressedInstructionNeedsC() throws Exception {
        Kernel nops = Kernel.fromAssembly("    .word 0x00010001\n    ret\n", "c.S");
        Kernel flw = Kernel.fromAssembly("    lw a0, 0(a0)\n    .2byte 0x6108\n    .2byte 0x0001\n    ret\n", "flw.S");
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig config = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
            try (Device d = Device.open(config)) {
                assertThat(d.launch(nops, Dim3.of(1), Dim3.of(1), 0).ok()).as(engine).isTrue();
                assertThat(d.launch(flw, Dim3.of(1), Dim3.of(1), 0, d.alloc(8)).ok()).as(engine).isTrue();
            }
            try (Device d = Device.open(config.withIsa(DeviceIsa.parse("rv32imaf")))) {
                LaunchResult r = d.launch(nops, Dim3.of(1), Dim3.of(1), 0);
                assertThat(r.fault().kind().label()).isEqualTo("illegal_instruction");
                assertThat(r.fault().summary()).contains("illegal instruction 0x0001 (c.nop").contains("lacks c");
            }
            try (Device d = Device.open(config.withIsa(DeviceIsa.parse("rv32imc")))) {
                LaunchResult r = d.launch(flw, Dim3.of(1), Dim3.of(1), 0, d.alloc(8));
                assertThat(r.fault().kind().label()).isEqualTo("illegal_instruction");
                assertThat(r.fault().summary()).contains("c.flw").contains("lacks f");
            }
        }
    }

    /** The CSRs of an extension the device lacks are illegal too (fcsr without F, vl without Zve32f). */
    @Test
    void theCsrsOfALackingExtensionAreIllegal() throws Exception {
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig base = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
            for (String[] c : new String[][] {{"csrr a0, fcsr", "rv32im", "f"}, {"csrr a0, vl", "rv32imaf", "zve32f"}}) {
                Kernel k = Kernel.fromAssembly("    " + c[0] + "\n    ret\n", "csr.S");
                try (Device d = Device.open(base.withIsa(DeviceIsa.parse(c[1])))) {
                    LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0);
                    assertThat(r.fault()).as("%s on %s", c[0], c[1]).isNotNull();
                    assertThat(r.fault().kind().label()).isEqualTo("illegal_instruction");
                    assertThat(r.fault().summary()).contains("belongs to " + c[2]);
                }
                try (Device d = Device.open(base)) {
                    assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0).ok()).as("%s on the default device", c[0])
                            .isTrue();
                }
            }
        }
    }
}
