package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.fault.FaultKind;

/** The launch value and the one launcher: what the device server needs from the public API. */
class LaunchTest {
    /** out[lane] = word 1 + word 2 of the argument block; word 0 is out. */
    private static final String SUM = """
                lw a1, 0(a0)
                lw t0, 4(a0)
                lw t1, 8(a0)
                add t0, t0, t1
                csrr t2, vx_lane_id
                slli t2, t2, 2
                add a1, a1, t2
                sw t0, 0(a1)
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void anArgumentBlockAlreadyInMemoryIsPassedByAddress(String engine) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
            Buffer out = d.alloc(4 * 8);
            Buffer args = d.alloc(12).write(new int[] {out.address(), 40, 2});
            Launch l = Launch.builder(Kernel.fromAssembly(SUM, "sum.S"), Dim3.of(1), Dim3.of(8))
                    .argumentAddress(args.address()).build();
            LaunchResult r = d.launch(l);
            assertThat(r.fault()).isNull();
            assertThat(out.readInts()).containsOnly(42);
            assertThat(r.engine()).isEqualTo(Engine.parse(engine));
        }
    }

    /** A block range runs those blocks and no others, each with its index in the whole grid. */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aBlockRangeRunsOnlyItsBlocksWithTheirGridIndices(String engine) throws Exception {
        String blockIds = """
                    lw a1, 0(a0)
                    csrr t0, vx_bid_x
                    csrr t1, vx_bid_y
                    slli t2, t1, 2
                    add t2, t2, t0
                    slli t3, t2, 2
                    add a1, a1, t3
                    addi t2, t2, 100
                    sw t2, 0(a1)
                    ret
                """;
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(2))) {
            Buffer out = d.alloc(4 * 8);
            LaunchResult r = d.launch(Launch.builder(Kernel.fromAssembly(blockIds, "ids.S"), Dim3.of(4, 2, 1), Dim3.of(1))
                    .args(out).blocks(3, 6).build());
            assertThat(r.fault()).isNull();
            // linear index = x + 4 y: blocks 3, 4, 5 are (3,0), (0,1), (1,1)
            assertThat(out.readInts()).containsExactly(0, 0, 0, 103, 104, 105, 0, 0);
            assertThat(r.warpInstructions()).isEqualTo(3 * 10);
        }
        assertThatThrownBy(() -> Launch.builder(Kernel.fromAssembly(SUM, "sum.S"), Dim3.of(4), Dim3.of(1)).blocks(2, 5).build())
                .isInstanceOf(DeviceException.class).hasMessage("block range [2, 5) is beyond the grid's 4 blocks");
        assertThatThrownBy(() -> Launch.builder(Kernel.fromAssembly(SUM, "sum.S"), Dim3.of(4), Dim3.of(1)).blocks(3, 2))
                .isInstanceOf(DeviceException.class).hasMessage("block range [3, 2): need 0 <= first <= end");
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void argumentValuesBecomeTheWordsOfTheBlock(String engine) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
            Buffer out = d.alloc(4 * 8);
            LaunchResult r = d.launch(Launch.builder(Kernel.fromAssembly(SUM, "sum.S"), Dim3.of(1), Dim3.of(8))
                    .args(out, 40, 2).build());
            assertThat(r.fault()).isNull();
            assertThat(out.readInts()).containsOnly(42);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aLaunchAtAnEntryRunsFromThere(String engine) throws Exception {
        String src = """
                    .globl fails
                fails:
                    li a0, 5             # 0x0: this entry exits with 5
                    li a7, 93
                    ecall
                    .globl other
                other:
                    ret                  # 0xc: a second entry that succeeds
                """;
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
            Kernel k = Kernel.fromAssembly(src, "two.S");
            assertThat(k.symbol("other")).contains(0xc);
            assertThat(d.launch(Launch.builder(k, Dim3.of(1), Dim3.of(4)).entry(0).build()).exitCode()).isEqualTo(5);
            LaunchResult r = d.launch(Launch.builder(k, Dim3.of(1), Dim3.of(4)).entry(k.symbol("other").orElseThrow())
                    .build());
            assertThat(r.ok()).isTrue();
            assertThat(r.status()).isEqualTo(LaunchStatus.OK);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aCancelledLaunchStopsWithTheReason(String engine) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
            Kernel loop = Kernel.fromAssembly("1: j 1b\n", "loop.S");
            Launch l = Launch.builder(loop, Dim3.of(4), Dim3.of(64)).watchdog(Long.MAX_VALUE).build();
            Cancellation c = new Cancellation();
            CompletableFuture<LaunchResult> running = CompletableFuture.supplyAsync(() -> d.launch(l, c));
            Thread.sleep(200);
            c.cancel("test is over");
            LaunchResult r = running.get(60, TimeUnit.SECONDS);
            assertThat(r.fault().kind()).isEqualTo(FaultKind.CANCELLED);
            assertThat(r.fault().message()).contains("test is over");
            assertThat(r.status()).isEqualTo(LaunchStatus.FAULT);
        }
    }

    @Test
    void theBuilderChecksWhatTheLaunchWouldTrip() throws Exception {
        Kernel k = Kernel.fromAssembly("ret\n", "r.S");
        assertThatThrownBy(() -> Launch.builder(k, Dim3.of(1), Dim3.of(2048)).build())
                .isInstanceOf(DeviceException.class).hasMessageContaining("at most 1024");
        assertThatThrownBy(() -> Launch.builder(k, Dim3.of(1), Dim3.of(1)).args(1).argumentAddress(0x1000).build())
                .isInstanceOf(DeviceException.class).hasMessageContaining("not both");
        assertThatThrownBy(() -> Launch.builder(k, Dim3.of(1), Dim3.of(1)).args("x").build())
                .isInstanceOf(DeviceException.class).hasMessageContaining("argument 0").hasMessageContaining("String");
        assertThatThrownBy(() -> Launch.builder(k, Dim3.of(1), Dim3.of(1)).watchdog(0).build())
                .isInstanceOf(DeviceException.class).hasMessageContaining("watchdog");
        Launch seed = Launch.builder(k, Dim3.of(1), Dim3.of(1)).abi(Abi.SEED).build();
        assertThat(seed.allowMisaligned()).as("the seed ABI performs misaligned accesses").isTrue();
        assertThat(seed.toBuilder().shared(64).build().abi()).isEqualTo(Abi.SEED);
    }

    @Test
    void enumsKeepTheirSpelling() {
        assertThat(Engine.JIT).hasToString("jit");
        assertThat(Engine.parse("interp")).isEqualTo(Engine.INTERP);
        assertThatThrownBy(() -> Engine.parse("fast")).hasMessageContaining("interp or jit");
        assertThat(Abi.SEED.label()).isEqualTo("seed");
        assertThat(LaunchStatus.CHECK_FAILED.label()).isEqualTo("check_failed");
        assertThat(FaultKind.BARRIER_DEADLOCK.label()).isEqualTo("barrier_deadlock");
        assertThat(FaultKind.ofLabel("out_of_bounds")).isEqualTo(FaultKind.OUT_OF_BOUNDS);
    }
}
