package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.elf.ElfFormatException;

/** Kernel construction (assembly, ELF, flat binary), launch arguments and launch/config validation. */
class KernelAndLaunchTest {
    Device d;

    @BeforeEach
    void open() {
        d = Device.open(DeviceConfig.defaults().withVram(4L << 20).withThreads(2));
    }

    @AfterEach
    void close() {
        d.close();
    }

    /** Copies the argument words, a0, mscratch and CTRL+0x50 into the buffer given as argument 4. */
    static final String ARGS = """
                .globl args
            args:
                lw t6, 16(a0)
                lw t0, 0(a0)
                sw t0, 0(t6)
                lw t0, 4(a0)
                sw t0, 4(t6)
                lw t0, 8(a0)
                sw t0, 8(t6)
                lw t0, 12(a0)
                sw t0, 12(t6)
                csrr t0, mscratch
                sw t0, 16(t6)
                sw a0, 20(t6)
                lui t1, 0x80000
                lw t0, 0x50(t1)
                sw t0, 24(t6)
                ret
            """;

    @Test
    void argumentWordsForBufferIntegerAndFloat() throws Exception {
        Kernel k = Kernel.fromAssembly(ARGS, "args.S");
        Buffer x = d.alloc(64);
        Buffer out = d.alloc(28).fill((byte) 0);
        LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(4), 0, 7, 2.5f, x, -1, out);
        assertThat(r.ok()).as("%s", r.fault()).isTrue();
        int[] w = out.readInts();
        assertThat(w[0]).isEqualTo(7);
        assertThat(w[1]).isEqualTo(Float.floatToRawIntBits(2.5f));
        assertThat(w[2]).isEqualTo(x.address());
        assertThat(w[3]).isEqualTo(-1);
        assertThat(w[4]).as("mscratch = a0").isEqualTo(w[5]);
        assertThat(w[6]).as("CTRL +0x50 = a0").isEqualTo(w[5]);
        assertThat(d.allocatedBytes()).as("argument block freed").isEqualTo(64 + 28);
    }

    @Test
    void unsupportedArgumentsAreDeviceExceptions() throws Exception {
        Kernel k = Kernel.fromAssembly("ret\n", "ret.S");
        long before = d.allocatedBytes();
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, 1, 5L)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("argument 1").hasMessageContaining("Long");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, (Object) null))
                .isInstanceOf(DeviceException.class).hasMessageContaining("argument 0").hasMessageContaining("null");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, 1.0)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("Double");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, "text")).isInstanceOf(DeviceException.class)
                .hasMessageContaining("String");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, new int[] {1}))
                .isInstanceOf(DeviceException.class);
        assertThat(d.allocatedBytes()).as("no argument block leaked").isEqualTo(before);
        assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0).ok()).isTrue();
    }

    @Test
    void launchGeometryIsChecked() throws Exception {
        Kernel k = Kernel.fromAssembly("ret\n", "ret.S");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1025), 0)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("1025").hasMessageContaining("1024");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(65536, 65536), 0)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("4294967296");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), -1)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("shared");
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), Device.MAX_SHARED + 1))
                .isInstanceOf(DeviceException.class);
        assertThat(d.launch(k, Dim3.of(1), Dim3.of(1024), Device.MAX_SHARED).ok()).isTrue();
        for (Supplier<Dim3> bad : java.util.List.<Supplier<Dim3>>of(() -> Dim3.of(0), () -> Dim3.of(1, 0),
                () -> Dim3.of(1, 1, -1), () -> new Dim3(Integer.MIN_VALUE, 1, 1))) {
            assertThatThrownBy(bad::get).isInstanceOf(DeviceException.class).hasMessageContaining("at least 1");
        }
        assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0, LaunchOptions.defaults().withEntry(0x1000)))
                .isInstanceOf(DeviceException.class).hasMessageContaining("0x1000");
        assertThatThrownBy(() -> LaunchOptions.defaults().withWatchdog(0)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("watchdog");
    }

    @Test
    void fromAssemblyErrorsAreAsmExceptionsWithALocation() {
        assertThatThrownBy(() -> Kernel.fromAssembly("nop\naddi t0, t0\n", "bad.S")).isInstanceOf(AsmException.class)
                .hasMessageStartingWith("bad.S:2:");
        assertThatThrownBy(() -> Kernel.fromAssembly("j nowhere\n", "bad.S")).isInstanceOf(AsmException.class)
                .hasMessageContaining("nowhere");
    }

    @Test
    void fromAssemblySymbolsAndEntry() throws Exception {
        Kernel k = Kernel.fromAssembly("    .globl first\nfirst:\n    ret\n    .globl second\nsecond:\n    ret\n", "two.S");
        assertThat(k.name()).isEqualTo("two.S");
        assertThat(k.symbol("second")).contains(4);
        assertThat(k.symbol("absent")).isEmpty();
        LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, LaunchOptions.defaults().withEntry(4));
        assertThat(r.ok()).isTrue();
        assertThat(r.warpInstructions()).isEqualTo(1);
    }

    @Test
    void fromElfRunsAndRejectsBadImages() throws Exception {
        byte[] elf = Assembler.assemble(ARGS, "args.S", AsmOptions.defaults()).toElf();
        Kernel k = Kernel.fromElf(elf, "args.elf", d.config().vramBytes());
        assertThat(k.symbol("args")).isPresent();
        Buffer out = d.alloc(28);
        assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0, 1, 2, 3, 4, out).ok()).isTrue();
        assertThat(out.readInts()[3]).isEqualTo(4);

        assertThatThrownBy(() -> Kernel.fromElf(new byte[100], "zeros.elf", 4L << 20))
                .isInstanceOf(ElfFormatException.class).hasMessageContaining("zeros.elf");
        assertThatThrownBy(() -> Kernel.fromElf(java.util.Arrays.copyOf(elf, 40), "short.elf", 4L << 20))
                .isInstanceOf(ElfFormatException.class).hasMessageContaining("short.elf");
        assertThatThrownBy(() -> Kernel.fromElf(new byte[0], "empty.elf", 4L << 20))
                .isInstanceOf(ElfFormatException.class);
        byte[] high = Assembler.assemble("ret\n", "high.S", new AsmOptions(0x200000, -1)).toElf();
        assertThatThrownBy(() -> Kernel.fromElf(high, "high.elf", 1L << 20)).as("image beyond a 1 MiB VRAM")
                .isInstanceOf(ElfFormatException.class);
        Kernel fits = Kernel.fromElf(high, "high.elf", 4L << 20);
        assertThat(d.launch(fits, Dim3.of(1), Dim3.of(1), 0).ok()).isTrue();
    }

    @Test
    void fromBinary() {
        byte[] code = {0x13, 0, 0, 0, 0x67, (byte) 0x80, 0, 0};     // nop; ret
        Kernel k = Kernel.fromBinary(code, 0x1000, 0x1000, "flat.bin");
        LaunchResult r = d.launch(k, Dim3.of(2), Dim3.of(32), 0);
        assertThat(r.ok()).isTrue();
        assertThat(r.warpInstructions()).isEqualTo(4);
        code[0] = 0;    // the kernel keeps its own copy
        assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0).ok()).isTrue();

        Kernel skip = Kernel.fromBinary(new byte[] {0x13, 0, 0, 0, 0x67, (byte) 0x80, 0, 0}, 0, 4, "entry4.bin");
        assertThat(d.launch(skip, Dim3.of(1), Dim3.of(1), 0).warpInstructions()).isEqualTo(1);

        assertThatThrownBy(() -> d.launch(Kernel.fromBinary(code, 0, 8, "e.bin"), Dim3.of(1), Dim3.of(1), 0))
                .isInstanceOf(DeviceException.class).hasMessageContaining("entry");
        assertThatThrownBy(() -> d.launch(Kernel.fromBinary(new byte[0], 0, 0, "empty.bin"), Dim3.of(1), Dim3.of(1), 0))
                .isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> d.launch(Kernel.fromBinary(code, 0x3FFFFC, 0x3FFFFC, "edge.bin"), Dim3.of(1),
                Dim3.of(1), 0)).isInstanceOf(DeviceException.class).hasMessageContaining("edge.bin")
                .hasMessageContaining("VRAM");
        assertThatThrownBy(() -> d.launch(Kernel.fromBinary(code, 0xC0000000, 0xC0000000, "far.bin"), Dim3.of(1),
                Dim3.of(1), 0)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> d.launch(Kernel.fromBinary(code, 0x1001, 0x1001, "odd.bin"), Dim3.of(1), Dim3.of(1), 0))
                .isInstanceOf(DeviceException.class);
        // without C an instruction address is a multiple of 4; with C (the default) of 2
        byte[] nopRet = {0x13, 0, 0, 0, 0x67, (byte) 0x80, 0, 0};
        try (Device noC = Device.open(DeviceConfig.defaults().withThreads(1).withIsa(DeviceIsa.parse("rv32imaf")))) {
            assertThatThrownBy(() -> noC.launch(Kernel.fromBinary(nopRet, 0x1002, 0x1002, "half.bin"), Dim3.of(1),
                    Dim3.of(1), 0)).isInstanceOf(DeviceException.class).hasMessageContaining("multiple of 4");
        }
        assertThat(d.launch(Kernel.fromBinary(nopRet, 0x1002, 0x1002, "half.bin"), Dim3.of(1), Dim3.of(1), 0).ok())
                .isTrue();
    }

    @Test
    void deviceConfigValidation() {
        DeviceConfig c = DeviceConfig.defaults();
        assertThatThrownBy(() -> c.withVram((1L << 20) + 1024)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("vram").hasMessageContaining("4 KiB");
        assertThatThrownBy(() -> c.withVram(64 * 1024)).isInstanceOf(DeviceException.class).hasMessageContaining("vram");
        assertThatThrownBy(() -> c.withVram(4L << 30)).isInstanceOf(DeviceException.class).hasMessageContaining("vram");
        assertThatThrownBy(() -> c.withWarpSize(0)).isInstanceOf(DeviceException.class).hasMessageContaining("warp_size");
        assertThatThrownBy(() -> c.withWarpSize(65)).isInstanceOf(DeviceException.class).hasMessageContaining("65");
        assertThatThrownBy(() -> c.withComputeUnits(0)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("compute_units");
        assertThatThrownBy(() -> c.withStackBytes(17)).isInstanceOf(DeviceException.class).hasMessageContaining("stack");
        assertThatThrownBy(() -> c.withStackBytes(2 << 20)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> c.withThreads(0)).isInstanceOf(DeviceException.class).hasMessageContaining("threads");
        assertThatThrownBy(() -> c.withEngine("gpu")).isInstanceOf(DeviceException.class).hasMessageContaining("gpu");
        assertThat(c.withWarpSize(64).withWarpSize(1).warpSize()).isEqualTo(1);
    }

    @Test
    void warpSize64With1024Threads() throws Exception {
        try (Device w = Device.open(DeviceConfig.defaults().withVram(4L << 20).withWarpSize(64).withThreads(2))) {
            Kernel k = Kernel.fromAssembly("""
                    lw t6, 0(a0)
                    csrr t0, 0xCD3
                    csrr t1, 0xCD4
                    slli t1, t1, 5
                    add t0, t0, t1
                    csrr t2, 0xCC0
                    csrr t3, 0xCC1
                    slli t3, t3, 6
                    add t2, t2, t3
                    sub t2, t2, t0
                    slli t0, t0, 2
                    add t0, t0, t6
                    sw t2, 0(t0)
                    ret
                    """, "ids.S");
            Buffer out = w.alloc(4 * 1024).fill((byte) 0xFF);
            LaunchResult r = w.launch(k, Dim3.of(1), Dim3.of(32, 32), 0, out);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            assertThat(out.readInts()).as("lane + 64 * warp == linear thread index").containsOnly(0);
            assertThat(r.warpInstructions()).isEqualTo(16 * 14);
            assertThat(r.simtEfficiency()).isEqualTo(1.0);
        }
    }
}
