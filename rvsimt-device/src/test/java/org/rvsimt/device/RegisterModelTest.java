package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.rvsimt.device.RegisterMap.*;
import static org.rvsimt.device.TestSupport.*;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The register-level model without sockets: access rules, dispatch, interrupts, DMA, reset. */
@Timeout(60)
class RegisterModelTest {
    private ExecutorService pool;
    private DeviceModel dev;
    private final List<DeviceModel.Interrupt> irqs = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        pool = Executors.newCachedThreadPool();
        dev = new DeviceModel(smallDevice(), 1L << 40, new ProgramCache(8), pool);
        dev.setInterruptSink(irqs::add);
    }

    @AfterEach
    void close() throws InterruptedException {
        dev.close();
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    private int r(int off) {
        DeviceModel.MmioResult m = dev.mmioRead(BAR_REGS, off, 4);
        return (int) m.value();
    }

    private int w(int off, int v) {
        return dev.mmioWrite(BAR_REGS, off, 4, v & 0xFFFF_FFFFL, 7);
    }

    private void waitIdle() throws InterruptedException {
        waitUntil(() -> (r(GLOBAL_STATUS) & STATUS_BUSY) == 0, 20_000, "the dispatch to end");
    }

    @Test
    void informationRegistersDescribeTheRealDevice() {
        assertThat(r(DEV_ID)).isEqualTo(0x47505055);
        assertThat(r(DEV_VERSION)).isEqualTo(0x00010000);
        assertThat(r(DEV_CAPS)).isEqualTo(4 | 4 << 8 | 32 << 16);
        assertThat(r(VRAM_SIZE_LO)).isEqualTo(4 << 20);
        assertThat(r(VRAM_SIZE_HI)).isZero();
        assertThat(dev.mmioRead(BAR_REGS, VRAM_SIZE_LO, 8).value()).isEqualTo(4L << 20);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_READY);
    }

    @Test
    void readOnlyRegistersIgnoreWritesAndSayso() {
        assertThat(w(DEV_ID, 0x1234)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
        assertThat(r(DEV_ID)).isEqualTo(DEV_ID_VALUE);
        assertThat(w(GLOBAL_STATUS, 0)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
        assertThat(w(VRAM_SIZE_LO, 1)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
        assertThat(r(VRAM_SIZE_LO)).isEqualTo(4 << 20);
        assertThat(w(LAST_RESULT, 5)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_REG_ACCESS);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_READY | STATUS_ERROR);
        // RW1C: writing 0 keeps the bit, writing 1 clears it
        w(ERROR_STATUS, 0);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_REG_ACCESS);
        w(ERROR_STATUS, ERR_REG_ACCESS);
        assertThat(r(ERROR_STATUS)).isZero();
    }

    @Test
    void writeOnlyUnmappedAndMisalignedAccesses() {
        assertThat(dev.mmioRead(BAR_REGS, DISPATCH, 4)).isEqualTo(new DeviceModel.MmioResult(DeviceModel.MMIO_WRITE_ONLY, 0));
        assertThat(dev.mmioRead(BAR_REGS, IRQ_ACK, 4).status()).isEqualTo(DeviceModel.MMIO_WRITE_ONLY);
        assertThat(dev.mmioRead(BAR_REGS, 0x0FC, 4).status()).isEqualTo(DeviceModel.MMIO_UNMAPPED);
        assertThat(w(0x7000, 1)).isEqualTo(DeviceModel.MMIO_UNMAPPED);
        assertThat(dev.mmioRead(BAR_REGS, 0x102, 4).status()).isEqualTo(DeviceModel.MMIO_MISALIGNED);
        assertThat(dev.mmioRead(BAR_DOORBELL, 0x0, 4).status()).isEqualTo(DeviceModel.MMIO_UNMAPPED);
        assertThat(dev.mmioRead(BAR_REGS, 0xFFFF_FFFFL, 4).status()).isEqualTo(DeviceModel.MMIO_MISALIGNED);
        assertThat(r(ERROR_STATUS) & ERR_REG_ACCESS).isNotZero();
        assertThatThrownBy(() -> dev.mmioRead(1, 0, 4)).isInstanceOf(DeviceError.class);
        assertThatThrownBy(() -> dev.mmioRead(0, 0, 2)).isInstanceOf(DeviceError.class);
    }

    @Test
    void plainRegistersAndEightByteAccess() {
        assertThat(dev.mmioWrite(BAR_REGS, KERNEL_ADDR_LO, 8, 0x1_0000_2000L, 0)).isZero();
        assertThat(r(KERNEL_ADDR_LO)).isEqualTo(0x2000);
        assertThat(r(KERNEL_ADDR_HI)).isEqualTo(1);
        assertThat(dev.mmioRead(BAR_REGS, KERNEL_ADDR_LO, 8).value()).isEqualTo(0x1_0000_2000L);
        w(GLOBAL_CTRL, CTRL_ENABLE);
        assertThat(r(GLOBAL_CTRL)).isEqualTo(CTRL_ENABLE);
        w(THREAD_MASK, 0xABCD);
        assertThat(r(THREAD_MASK)).isEqualTo(0xABCD);
        // BAR2 is VRAM
        assertThat(dev.mmioWrite(BAR_VRAM, 0x100, 8, 0x1122334455667788L, 0)).isZero();
        assertThat(dev.mmioRead(BAR_VRAM, 0x104, 4).value()).isEqualTo(0x11223344L);
        assertThat(dev.mmioRead(BAR_VRAM, (4 << 20) - 4, 8).status()).isEqualTo(DeviceModel.MMIO_OUT_OF_RANGE);
    }

    @Test
    void interruptStatusAckAndEnable() {
        w(IRQ_STATUS, IRQ_DMA_DONE);           // seed: a write sets the bit; masked, so no notification
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_DMA_DONE);
        assertThat(irqs).isEmpty();
        w(IRQ_ENABLE, IRQ_ALL);                 // unmasking a pending cause notifies it
        assertThat(irqs).singleElement().satisfies(i -> {
            assertThat(i.vector()).isEqualTo(VECTOR_DMA_DONE);
            assertThat(i.cause()).isEqualTo(IRQ_DMA_DONE);
        });
        w(IRQ_STATUS, IRQ_ERROR);
        assertThat(irqs).hasSize(2);
        assertThat(irqs.get(1).vector()).isEqualTo(VECTOR_ERROR);
        w(IRQ_ACK, IRQ_DMA_DONE);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_ERROR);
    }

    private void programVecadd(int n, int kernelAt) throws Exception {
        byte[] code = flat("vecadd");
        dev.vramWrite(kernelAt, code, 0, code.length);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = 1000 - i;
        }
        dev.dmaToDevice(0x10_0000, floats(a), 0, n * 4, 0, 1);
        dev.dmaToDevice(0x20_0000, floats(b), 0, n * 4, 0, 1);
        dev.dmaToDevice(0x3F_0000, ints(n, 0x10_0000, 0x20_0000, 0x30_0000), 0, 16, 0, 1);
        w(KERNEL_ADDR_LO, kernelAt);
        w(KERNEL_ARGS_LO, 0x3F_0000);
        w(GRID_DIM_X, 4);
        w(GRID_DIM_Y, 1);
        w(GRID_DIM_Z, 1);
        w(BLOCK_DIM_X, 64);
        w(BLOCK_DIM_Y, 1);
        w(BLOCK_DIM_Z, 1);
    }

    private void checkVecadd(int n) {
        byte[] out = new byte[n * 4];
        dev.dmaFromDevice(0x30_0000, out, 0, n * 4, 0, 1);
        float[] c = toFloats(out);
        for (int i = 0; i < n; i++) {
            assertThat(c[i]).isEqualTo(i * 0.5f + (1000 - i));
        }
    }

    @Test
    void tracerSeesRegisterAccessesDmaAndTheLaunch() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        dev.setTracer(new org.rvsimt.core.trace.Tracer() {
            @Override
            public void launchBegin(long launchId, String kernel, int base, int[] code, int entry, int[] grid,
                                    int[] block, int warpSize, int workers) {
                events.add("begin " + launchId + " " + grid[0] + "x" + block[0]);
            }

            @Override
            public org.rvsimt.core.trace.TraceChannel channel(int worker) {
                return null;     // no instruction records: the engines then run untraced
            }

            @Override
            public void launchEnd(long launchId, String status, long warpInstructions, long laneInstructions,
                                  long wallNanos) {
                events.add("end " + launchId + " " + status);
            }

            @Override
            public void deviceRegister(boolean write, int offset, int value) {
                events.add((write ? "W " : "R ") + Integer.toHexString(offset) + "=" + value);
            }

            @Override
            public void dma(long source, long destination, long bytes) {
                events.add("dma " + source + " " + destination + " " + bytes);
            }

            @Override
            public long[] dropped() {
                return new long[2];
            }

            @Override
            public void close() { }
        });
        programVecadd(64, 0x1000);
        assertThat(w(DISPATCH, 1)).isZero();
        waitIdle();
        checkVecadd(64);
        assertThat(events).containsSubsequence("dma -1 1048576 256",
                "W " + Integer.toHexString(KERNEL_ADDR_LO) + "=4096", "W " + Integer.toHexString(DISPATCH) + "=1",
                "begin 1 4x64", "end 1 ok", "dma 3145728 -1 256");
        assertThat(events).contains("R " + Integer.toHexString(GLOBAL_STATUS) + "=" + STATUS_READY);
    }

    @Test
    void dispatchThroughRegistersRunsAsynchronouslyAndInterrupts() throws Exception {
        programVecadd(1000, 0x1000);
        w(IRQ_ENABLE, IRQ_ALL);
        assertThat(w(DISPATCH, 1)).isZero();
        waitIdle();
        checkVecadd(1000);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_KERNEL_DONE);
        assertThat(r(ERROR_STATUS)).isZero();
        assertThat(r(LAST_RESULT)).isZero();
        assertThat(r(DISPATCH_COUNT)).isEqualTo(1);
        assertThat(dev.mmioRead(BAR_REGS, LANE_INSTR_LO, 8).value()).isPositive();
        assertThat(irqs).singleElement().satisfies(i -> {
            assertThat(i.vector()).isEqualTo(VECTOR_KERNEL_DONE);
            assertThat(i.dispatchSeq()).isEqualTo(1);
            assertThat(i.result()).isZero();
            assertThat(i.origin()).isEqualTo(7);
        });
        // the doorbell in BAR4 dispatches too
        w(IRQ_ACK, IRQ_ALL);
        assertThat(dev.mmioWrite(BAR_DOORBELL, DOORBELL_DISPATCH, 4, 1, 7)).isZero();
        waitIdle();
        assertThat(r(DISPATCH_COUNT)).isEqualTo(2);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_KERNEL_DONE);
    }

    @Test
    void kernelArgsIsTheArgumentBlockAddress() throws Exception {
        // a0, mscratch and CTRL+0x50 all hold KERNEL_ARGS; the kernel stores them to args[0..2]
        byte[] code = assembleFlat("""
                        .text
                        csrr    t0, 0x340
                        li      t1, 0x80000050
                        lw      t1, 0(t1)
                        sw      a0, 0(a0)
                        sw      t0, 4(a0)
                        sw      t1, 8(a0)
                        ret
                """);
        dev.vramWrite(0, code, 0, code.length);
        w(KERNEL_ARGS_LO, 0x12_3450);
        for (int o : new int[] {GRID_DIM_X, GRID_DIM_Y, GRID_DIM_Z, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z}) {
            w(o, 1);
        }
        w(DISPATCH, 1);
        waitIdle();
        byte[] out = new byte[12];
        dev.vramRead(0x12_3450, out, 0, 12);
        assertThat(toInts(out)).containsExactly(0x12_3450, 0x12_3450, 0x12_3450);
    }

    @Test
    void refusedDispatchesSetInvalidCmd() throws Exception {
        programVecadd(10, 0);
        w(BLOCK_DIM_Y, 0);
        w(IRQ_ENABLE, IRQ_ALL);
        w(DISPATCH, 1);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_READY | STATUS_ERROR);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_ERROR);
        assertThat(r(LAST_RESULT)).isEqualTo(-1);
        assertThat(r(FAULT_KIND)).isEqualTo(FaultKinds.code("invalid_dispatch"));
        assertThat(irqs).singleElement().satisfies(i -> assertThat(i.vector()).isEqualTo(VECTOR_ERROR));
        w(ERROR_STATUS, -1);
        w(BLOCK_DIM_Y, 1);
        w(BLOCK_DIM_X, 2048);                   // over 1024 threads
        w(DISPATCH, 1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        w(ERROR_STATUS, -1);
        w(BLOCK_DIM_X, 32);
        w(KERNEL_ADDR_LO, 4 << 20);             // outside VRAM
        w(DISPATCH, 1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        w(ERROR_STATUS, -1);
        w(KERNEL_ADDR_LO, 0);
        w(KERNEL_ADDR_HI, 1);
        w(DISPATCH, 1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        w(ERROR_STATUS, -1);
        w(KERNEL_ADDR_HI, 0);
        w(SHARED_MEM_SIZE, 32 << 20);
        w(DISPATCH, 1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        w(ERROR_STATUS, -1);
        w(SHARED_MEM_SIZE, 0);
        w(DISPATCH, 1);
        waitIdle();
        assertThat(r(ERROR_STATUS)).isZero();
        assertThat(r(LAST_RESULT)).isZero();
    }

    @Test
    void dispatchWhileBusyIsRefusedAndLeavesTheRunningKernelAlone() throws Exception {
        byte[] code = assembleFlat(spinKernel(0x20_0000));
        dev.vramWrite(0, code, 0, code.length);
        for (int o : new int[] {GRID_DIM_X, GRID_DIM_Y, GRID_DIM_Z, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z}) {
            w(o, 1);
        }
        w(BLOCK_DIM_X, 64);
        w(IRQ_ENABLE, IRQ_ALL);
        w(DISPATCH, 1);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_BUSY);
        w(DISPATCH, 1);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_BUSY | STATUS_ERROR);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
        assertThat(r(DISPATCH_COUNT)).isEqualTo(1);
        assertThatThrownBy(() -> dev.launch(0, 0, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0, 1))
                .isInstanceOf(DeviceError.class).hasMessageContaining("busy");
        dev.vramWrite(0x20_0000, ints(1), 0, 4);   // let it finish
        waitIdle();
        assertThat(r(LAST_RESULT)).isZero();
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_KERNEL_DONE | IRQ_ERROR);
        assertThat(irqs).extracting(DeviceModel.Interrupt::vector).containsExactly(VECTOR_ERROR, VECTOR_KERNEL_DONE);
    }

    @Test
    void kernelFaultsSetErrorBitsAndDetails() throws Exception {
        byte[] code = assembleFlat("""
                        .text
                        li      t0, 0x7FFFF0
                        lw      t1, 0(t0)
                        ret
                """);
        dev.vramWrite(0x400, code, 0, code.length);
        DeviceModel.Outcome o = dev.launch(0x400, 0, new int[] {1, 1, 1}, new int[] {8, 1, 1}, 0, 0, 0, 3)
                .await(20_000);
        assertThat(o.faultKind()).isEqualTo("out_of_bounds");
        assertThat(o.result()).isEqualTo(-1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_KERNEL_FAULT | ERR_VRAM_FAULT);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_ERROR);
        assertThat(r(LAST_RESULT)).isEqualTo(-1);
        assertThat(r(FAULT_KIND)).isEqualTo(FaultKinds.code("out_of_bounds"));
        assertThat(r(FAULT_PC)).isEqualTo(0x408);          // lui and addi of li, then the lw
        assertThat(r(FAULT_ADDR)).isEqualTo(0x7FFFF0);
        // illegal instruction: VRAM of zeros
        w(ERROR_STATUS, -1);
        o = dev.launch(0x8000, 0, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0, 3).await(20_000);
        assertThat(o.faultKind()).isEqualTo("illegal_instruction");
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_KERNEL_FAULT);
    }

    @Test
    void watchdogStopsAnEndlessKernel() throws Exception {
        try (DeviceModel d = new DeviceModel(smallDevice(), 10_000, new ProgramCache(4), pool)) {
            byte[] code = assembleFlat(spinKernel(0x20_0000));
            d.vramWrite(0, code, 0, code.length);
            DeviceModel.Outcome o = d.launch(0, 0, new int[] {2, 1, 1}, new int[] {32, 1, 1}, 0, 0, 0, 0).await(20_000);
            assertThat(o.faultKind()).isEqualTo("watchdog");
        }
    }

    @Test
    void dmaEngineAndItsFaults() throws Exception {
        w(IRQ_ENABLE, IRQ_ALL);
        assertThat(dev.dmaToDevice(0x1000, ints(1, 2, 3, 4), 0, 16, DMA_IRQ_EN, 1)).isEqualTo(DMA_STATUS_COMPLETE);
        assertThat(r(DMA_DST_LO)).isEqualTo(0x1000);
        assertThat(r(DMA_SIZE)).isEqualTo(16);
        assertThat(r(DMA_CTRL)).isEqualTo(DMA_IRQ_EN);
        assertThat(r(IRQ_STATUS)).isEqualTo(IRQ_DMA_DONE);
        assertThat(irqs).singleElement().satisfies(i -> assertThat(i.vector()).isEqualTo(VECTOR_DMA_DONE));
        // register-programmed VRAM copy
        dev.mmioWrite(BAR_REGS, DMA_SRC_LO, 8, 0x1000, 1);
        dev.mmioWrite(BAR_REGS, DMA_DST_LO, 8, 0x2000, 1);
        w(DMA_SIZE, 16);
        w(DMA_CTRL, DMA_START | DMA_VRAM_COPY);
        assertThat(r(DMA_STATUS)).isEqualTo(DMA_STATUS_COMPLETE);
        assertThat(r(DMA_CTRL)).isEqualTo(DMA_VRAM_COPY);
        byte[] out = new byte[16];
        dev.vramRead(0x2000, out, 0, 16);
        assertThat(toInts(out)).containsExactly(1, 2, 3, 4);
        // START with a host side but no message: no data to move
        w(DMA_CTRL, DMA_START);
        assertThat(r(DMA_STATUS)).isEqualTo(DMA_STATUS_ERROR);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_DMA_FAULT);
        w(ERROR_STATUS, -1);
        // past the end of VRAM
        assertThatThrownBy(() -> dev.dmaToDevice((4 << 20) - 8, new byte[16], 0, 16, 0, 1))
                .isInstanceOf(DeviceError.class).hasMessageContaining("past the end");
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_DMA_FAULT);
        assertThat(r(DMA_STATUS)).isEqualTo(DMA_STATUS_ERROR);
        assertThatThrownBy(() -> dev.dmaFromDevice(0xFFFF_FFFF_0000_0000L, new byte[0], 0, 16, 0, 1))
                .isInstanceOf(DeviceError.class);
        dev.mmioWrite(BAR_REGS, DMA_SRC_LO, 8, (4 << 20) - 4, 1);
        w(DMA_CTRL, DMA_START | DMA_VRAM_COPY);
        assertThat(r(DMA_STATUS)).isEqualTo(DMA_STATUS_ERROR);
    }

    @Test
    void resetCancelsARunningKernelAndRestoresResetValues() throws Exception {
        byte[] code = assembleFlat(spinKernel(0x20_0000));
        dev.vramWrite(0, code, 0, code.length);
        w(IRQ_ENABLE, IRQ_ALL);
        DeviceModel.Dispatch d = dev.launch(0, 0x100, new int[] {4, 1, 1}, new int[] {64, 1, 1}, 0, 0, 0, 1);
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_BUSY);
        long t0 = System.nanoTime();
        w(GLOBAL_CTRL, CTRL_RESET | CTRL_ENABLE);
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5);
        assertThat(d.outcome()).isDone();
        assertThat(d.outcome().get().faultKind()).isEqualTo("cancelled");
        assertThat(r(GLOBAL_STATUS)).isEqualTo(STATUS_READY);
        assertThat(r(GLOBAL_CTRL)).isEqualTo(CTRL_ENABLE);
        assertThat(r(IRQ_ENABLE)).isZero();
        assertThat(r(KERNEL_ARGS_LO)).isZero();
        assertThat(r(DISPATCH_COUNT)).isZero();
        assertThat(irqs).isEmpty();             // an abandoned dispatch raises nothing
        assertThat(dev.mmioRead(BAR_VRAM, 0, 4).value()).isNotZero();   // VRAM kept
        dev.reset(true);
        assertThat(dev.mmioRead(BAR_VRAM, 0, 4).value()).isZero();
    }

    @Test
    void loadedElfKernelsDecodeTheirWholeCode() throws Exception {
        // the entry calls a function placed before it: only the loaded image's extent covers both
        byte[] elf = assembleElf("""
                        .text
                helper:
                        li      t0, 42
                        ret
                        .globl  main
                main:
                        mv      s0, ra
                        call    helper
                        sw      t0, 0(a0)
                        mv      ra, s0
                        ret
                """);
        DeviceModel.LoadedKernel k = dev.loadKernel(0, 0, elf, 0, elf.length);
        assertThat(k.start()).isZero();
        assertThat(k.entry()).isEqualTo(8);
        DeviceModel.Outcome o = dev.launch(k.entry(), 0x1000, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0, 1)
                .await(20_000);
        assertThat(o.ok()).as(o.message()).isTrue();
        assertThat(dev.mmioRead(BAR_VRAM, 0x1000, 4).value()).isEqualTo(42);
        assertThatThrownBy(() -> dev.loadKernel(1, 0, new byte[] {1, 2, 3}, 0, 3)).isInstanceOf(DeviceError.class);
        assertThatThrownBy(() -> dev.loadKernel(2, 2, new byte[8], 0, 8)).isInstanceOf(DeviceError.class);
        assertThatThrownBy(() -> dev.loadKernel(2, (4 << 20) - 4, new byte[8], 0, 8)).isInstanceOf(DeviceError.class);
    }

    @Test
    void kernelSizeAndAutomaticExtent() throws Exception {
        byte[] code = flat("vecadd");
        programVecadd(100, 0x4000);
        dev.vramWrite(0x4000, code, 0, code.length);
        w(KERNEL_SIZE, code.length);
        w(DISPATCH, 1);
        waitIdle();
        checkVecadd(100);
        assertThat(r(LAST_RESULT)).isZero();
        // a KERNEL_SIZE that would run past VRAM is refused
        w(KERNEL_SIZE, 8 << 20);
        w(DISPATCH, 1);
        assertThat(r(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
    }

    @Test
    void seedAbiDispatchFlag() throws Exception {
        // seed ABI: threadIdx.x from the ID window at 0x8000_0000, all registers 0 (a0 too)
        byte[] code = assembleFlat("""
                        .text
                        li      t0, 0x80000000
                        lw      t1, 0(t0)
                        slli    t2, t1, 2
                        li      t3, 0x100000
                        add     t2, t2, t3
                        sw      t1, 0(t2)
                        sw      a0, 256(t2)
                        ebreak
                """);
        dev.vramWrite(0, code, 0, code.length);
        dev.vramWrite(0x10_0100, ints(-1, -1, -1, -1), 0, 16);
        DeviceModel.Outcome o = dev.launch(0, 0x3000, new int[] {1, 1, 1}, new int[] {4, 1, 1}, 0, DISPATCH_SEED_ABI, 0, 1)
                .await(20_000);
        assertThat(o.ok()).as(o.message()).isTrue();
        byte[] out = new byte[16];
        dev.vramRead(0x10_0000, out, 0, 16);
        assertThat(toInts(out)).containsExactly(0, 1, 2, 3);
        dev.vramRead(0x10_0100, out, 0, 16);
        assertThat(toInts(out)).containsExactly(0, 0, 0, 0);
    }

    @Test
    void registerTableIsConsistent() {
        assertThat(RegisterMap.ALL).extracting(Register::name).doesNotHaveDuplicates();
        for (Register reg : RegisterMap.ALL) {
            assertThat(RegisterMap.at(reg.bar(), reg.offset())).isSameAs(reg);
            assertThat(reg.offset()).isLessThan(reg.bar() == 0 ? (int) BAR0_SIZE : (int) BAR4_SIZE);
        }
    }
}
