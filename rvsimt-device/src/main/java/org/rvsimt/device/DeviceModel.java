package org.rvsimt.device;

import static org.rvsimt.device.RegisterMap.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.rvsimt.core.api.Abi;
import org.rvsimt.core.api.Cancellation;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.trace.Tracer;
import org.rvsimt.frontend.FrontEnd;
import org.rvsimt.frontend.FrontEndException;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelSource;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.isa.elf.Segment;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.observe.checks.Check;
import org.rvsimt.observe.checks.CheckConsumer;
import org.rvsimt.observe.checks.CheckResult;
import org.rvsimt.observe.checks.LaunchChecks;
import org.rvsimt.observe.checks.Region;
import org.rvsimt.timing.TimingSession;

/**
 * The GPU as a PCI device sees it: the seed's register file (BAR0), VRAM (BAR2) and the doorbell
 * (BAR4), with the seed's access rules, over rvsimt's engine. A dispatch runs on its own thread;
 * its completion sets status bits and raises an interrupt, which the model hands to an
 * {@link InterruptSink} (the server turns it into a message to the client).
 *
 * <p>All register state is guarded by this object's monitor, so concurrent callers see each
 * register access as atomic. VRAM may be read and written while a kernel runs, as over PCI: the
 * result is as racy as it would be on hardware. A reset or {@link #close} cancels a running
 * dispatch; the kernel stops at its warps' next scheduling point (at most a few thousand
 * instructions per warp).
 */
public final class DeviceModel implements AutoCloseable {

    /** Receives interrupts; called with the model's lock held, so it must not block. */
    @FunctionalInterface
    public interface InterruptSink {
        void interrupt(Interrupt irq);
    }

    /**
     * One interrupt: the seed's MSI-X vector, the IRQ_STATUS bit that caused it, IRQ_STATUS after
     * it was set, the client whose action raised it, and for kernel completions the dispatch number
     * and result (0 ok, -1 failed).
     */
    public record Interrupt(int vector, int cause, int irqStatus, int origin, int dispatchSeq, int result) { }

    /** The status of one MMIO access and, for reads, the value. */
    public record MmioResult(int status, long value) { }

    public static final int MMIO_OK = 0;
    public static final int MMIO_READ_ONLY = 1;
    public static final int MMIO_WRITE_ONLY = 2;
    public static final int MMIO_UNMAPPED = 3;
    public static final int MMIO_OUT_OF_RANGE = 4;
    public static final int MMIO_MISALIGNED = 5;

    /**
     * What a dispatch did. {@code errorStatus} and {@code irqStatus} are the registers right after it;
     * {@code diagnostics} its findings, profile and source lines (null when it did not run: refused, or
     * the engine failed).
     */
    public record Outcome(int seq, int result, String faultKind, String message, int faultPc, long faultAddress,
                          long warpInstructions, long laneInstructions, long wallNanos, List<String> console,
                          int errorStatus, int irqStatus, LaunchDiagnostics diagnostics) {
        public Outcome(int seq, int result, String faultKind, String message, int faultPc, long faultAddress,
                       long warpInstructions, long laneInstructions, long wallNanos, List<String> console,
                       int errorStatus, int irqStatus) {
            this(seq, result, faultKind, message, faultPc, faultAddress, warpInstructions, laneInstructions, wallNanos,
                    console, errorStatus, irqStatus, null);
        }

        public boolean ok() {
            return result == 0;
        }
    }

    /**
     * The sanitizer checks a client asks for with a launch (LAUNCH_CHECKED), and its allocations:
     * the device has no allocator of its own, so only the client knows where its buffers are.
     */
    public record CheckRequest(Set<Check> checks, List<Region> regions) { }

    /**
     * Hears about every dispatch that runs (refused ones are not reported): on the dispatch's own
     * thread, right before the kernel starts and right after it ended. Must return quickly and never
     * throw; the web UI and its metrics are the observer of {@code rvsimt serve}.
     */
    public interface LaunchObserver {
        LaunchObserver NONE = new LaunchObserver() {
            @Override
            public void launchStarted(int seq, Launch launch) { }

            @Override
            public void launchFinished(int seq, Launch launch, Outcome outcome, KernelFault fault) { }
        };

        void launchStarted(int seq, Launch launch);

        /** {@code fault} is the engine's full report (null when the kernel did not fault). */
        void launchFinished(int seq, Launch launch, Outcome outcome, KernelFault fault);
    }

    /** Where LOAD_KERNEL put an image: its entry and the range its segments cover. */
    public record LoadedKernel(long entry, long start, long end) { }

    /** A dispatch in flight; {@link #outcome()} completes when it ends, is cancelled or is refused. */
    public static final class Dispatch {
        final int seq;
        final int origin;
        final Launch launch;
        final CheckConsumer checks;        // null: no checks
        final SourceLines lines;           // where the kernel's pcs are in its source, as dispatched
        final TimingSession timing;        // null: not timed
        final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        final Cancellation cancellation = new Cancellation();
        volatile KernelFault fault;        // the engine's report, for the launch observer
        volatile boolean abandoned;        // a reset took the device away: the end changes no register

        Dispatch(int seq, int origin, Launch launch, CheckConsumer checks, SourceLines lines, TimingSession timing) {
            this.seq = seq;
            this.timing = timing;
            this.origin = origin;
            this.launch = launch;
            this.checks = checks;
            this.lines = lines;
        }

        public int seq() {
            return seq;
        }

        public CompletableFuture<Outcome> outcome() {
            return outcome;
        }

        /** Asks the kernel to stop; it ends with the fault {@code cancelled}. */
        public void cancel(String reason) {
            cancellation.cancel(reason);
        }

        /** Waits for the end; on timeout cancels the kernel and waits for it to stop. */
        public Outcome await(long timeoutMillis) throws InterruptedException {
            try {
                return timeoutMillis > 0 ? outcome.get(timeoutMillis, TimeUnit.MILLISECONDS) : outcome.get();
            } catch (TimeoutException e) {
                cancel("launch did not finish within " + timeoutMillis + " ms");
                try {
                    return outcome.get();
                } catch (java.util.concurrent.ExecutionException x) {
                    throw new IllegalStateException(x.getCause());
                }
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /**
     * {@code names}: an ELF's symbols by address, so a launch is named after its entry (empty for flat
     * binaries); {@code lines}: where its pcs are in the source (none without DWARF line tables).
     */
    private record LoadedImage(int lo, byte[] code, Map<Integer, String> names, SourceLines lines, long start,
                               long end) {
        boolean contains(long address) {
            return address >= lo && address < lo + (long) code.length;
        }

        boolean overlaps(long start, long end) {
            return start < lo + (long) code.length && end > lo;
        }
    }

    private static final int MAX_IMAGES = 64;
    /** Kernel images arrive as ELF files or flat binaries; ELF ones are recognized and read by the ELF front end. */
    private static final FrontEnd ELF = FrontEnds.standard().byName("elf").orElseThrow();
    private static final int FILE_WORDS = (THREAD_MASK >> 2) + 1;

    private final DeviceConfig config;
    private final long watchdog;
    private final Device device;
    private final byte[] vram;         // the device's memory, which BAR2 and the DMA engine reach directly
    private final long vramSize;
    private final ProgramCache programs;
    private final Executor executor;
    private volatile InterruptSink sink;
    private volatile LaunchObserver observer = LaunchObserver.NONE;

    // ----- register state, guarded by this
    private final int[] file = new int[FILE_WORDS];   // plain RW registers by offset / 4
    private int globalCtrl;
    private int errorStatus;
    private int irqEnable;
    private int irqStatus;
    private volatile Tracer tracer;
    /** What watches every launch of this device (a debugger), or null. */
    private volatile org.rvsimt.core.events.ExecutionConsumer events;
    private int dmaCtrl;
    private int dmaStatus;
    private int lastResult;
    private int faultKind;
    private int faultPc;
    private int faultAddr;
    private long warpInstr;
    private long laneInstr;
    private int dispatchCount;
    private Dispatch current;
    private boolean closed;
    private final List<LoadedImage> images = new ArrayList<>();   // newest first

    /**
     * @param config   engine and memory settings (VRAM size, warp size, engine, threads per launch...)
     * @param watchdog warp-instruction budget per warp of every dispatch
     * @param programs predecoded-program cache, usually shared by all devices of a server
     * @param executor runs dispatches (one task per dispatch, for as long as the kernel runs)
     */
    public DeviceModel(DeviceConfig config, long watchdog, ProgramCache programs, Executor executor) {
        this.config = config;
        this.watchdog = watchdog;
        this.device = Device.open(config);
        this.vram = device.memory();
        this.vramSize = config.vramBytes();
        this.programs = programs;
        this.executor = executor;
        this.sink = irq -> { };
    }

    public void setInterruptSink(InterruptSink sink) {
        this.sink = sink;
    }

    public void setLaunchObserver(LaunchObserver observer) {
        this.observer = observer == null ? LaunchObserver.NONE : observer;
    }

    public DeviceConfig config() {
        return config;
    }

    public long vramSize() {
        return vramSize;
    }

    public synchronized boolean busy() {
        return current != null;
    }

    public int devCaps() {
        return Math.min(config.computeUnits(), 255) | Math.min(config.warpsPerUnit(), 255) << 8
                | Math.min(config.warpSize(), 255) << 16;
    }

    // ================================================================== MMIO

    /** Reads 4 or 8 bytes; an 8-byte register access is the word at {@code offset}, then {@code offset + 4}. */
    public MmioResult mmioRead(int bar, long offset, int width) {
        checkAccess(bar, width);
        if (bar == BAR_VRAM) {
            if (offset < 0 || offset + width > vramSize) {
                return new MmioResult(MMIO_OUT_OF_RANGE, 0);
            }
            byte[] m = vram;
            long v = 0;
            for (int i = width - 1; i >= 0; i--) {
                v = v << 8 | (m[(int) offset + i] & 0xFF);
            }
            return new MmioResult(MMIO_OK, v);
        }
        synchronized (this) {
            MmioResult lo = read32(bar, offset);
            traceRegister(false, offset, lo.value());
            if (width == 4) {
                return lo;
            }
            MmioResult hi = read32(bar, offset + 4);
            traceRegister(false, offset + 4, hi.value());
            return new MmioResult(lo.status() != MMIO_OK ? lo.status() : hi.status(),
                    (lo.value() & 0xFFFF_FFFFL) | hi.value() << 32);
        }
    }

    /** Writes 4 or 8 bytes (an 8-byte register write is two word writes, low word first); returns the status. */
    public int mmioWrite(int bar, long offset, int width, long value, int origin) {
        checkAccess(bar, width);
        if (bar == BAR_VRAM) {
            if (offset < 0 || offset + width > vramSize) {
                return MMIO_OUT_OF_RANGE;
            }
            byte[] m = vram;
            for (int i = 0; i < width; i++) {
                m[(int) offset + i] = (byte) (value >>> (8 * i));
            }
            return MMIO_OK;
        }
        traceRegister(true, offset, value);
        int s = write32(bar, offset, (int) value, origin);
        if (width == 8) {
            traceRegister(true, offset + 4, value >>> 32);
            int s2 = write32(bar, offset + 4, (int) (value >>> 32), origin);
            s = s != MMIO_OK ? s : s2;
        }
        return s;
    }

    /** Traces the following launches, register accesses and DMA transfers (null: off). */
    /** Attaches a consumer of the execution events of every later launch (null: none), e.g. a debugger. */
    public void setEvents(org.rvsimt.core.events.ExecutionConsumer consumer) {
        this.events = consumer;
    }

    public void setTracer(Tracer t) {
        tracer = t;
        device.setTracer(t);
    }

    private void traceRegister(boolean write, long offset, long value) {
        Tracer t = tracer;
        if (t != null) {
            t.deviceRegister(write, (int) offset, (int) value);
        }
    }

    private void traceDma(long source, long destination, long bytes) {
        Tracer t = tracer;
        if (t != null) {
            t.dma(source, destination, bytes);
        }
    }

    private static void checkAccess(int bar, int width) {
        if (bar != BAR_REGS && bar != BAR_VRAM && bar != BAR_DOORBELL) {
            throw new DeviceError(DeviceError.Reason.BAD_ARGUMENT, "no BAR " + bar + " (BARs are 0, 2 and 4)");
        }
        if (width != 4 && width != 8) {
            throw new DeviceError(DeviceError.Reason.BAD_ARGUMENT, "MMIO width " + width + " (must be 4 or 8)");
        }
    }

    private MmioResult read32(int bar, long offset) {
        Register r = lookup(bar, offset);
        if (r == null) {
            errorStatus |= ERR_REG_ACCESS;
            return new MmioResult((offset & 3) != 0 ? MMIO_MISALIGNED : MMIO_UNMAPPED, 0);
        }
        if (r.access() == Access.WO) {
            return new MmioResult(MMIO_WRITE_ONLY, 0);
        }
        int o = r.offset();
        int v = switch (o) {
            case DEV_ID -> DEV_ID_VALUE;
            case DEV_VERSION -> DEV_VERSION_VALUE;
            case DEV_CAPS -> devCaps();
            case VRAM_SIZE_LO -> (int) vramSize;
            case VRAM_SIZE_HI -> (int) (vramSize >>> 32);
            case GLOBAL_CTRL -> globalCtrl;
            case GLOBAL_STATUS -> globalStatus();
            case ERROR_STATUS -> errorStatus;
            case IRQ_ENABLE -> irqEnable;
            case IRQ_STATUS -> irqStatus;
            case LAST_RESULT -> lastResult;
            case FAULT_KIND -> faultKind;
            case FAULT_PC -> faultPc;
            case FAULT_ADDR -> faultAddr;
            case WARP_INSTR_LO -> (int) warpInstr;
            case WARP_INSTR_HI -> (int) (warpInstr >>> 32);
            case LANE_INSTR_LO -> (int) laneInstr;
            case LANE_INSTR_HI -> (int) (laneInstr >>> 32);
            case DISPATCH_COUNT -> dispatchCount;
            case DMA_CTRL -> dmaCtrl;
            case DMA_STATUS -> dmaStatus;
            default -> file[o >> 2];
        };
        return new MmioResult(MMIO_OK, v & 0xFFFF_FFFFL);
    }

    private int globalStatus() {
        return (current == null ? STATUS_READY : STATUS_BUSY) | (errorStatus != 0 ? STATUS_ERROR : 0);
    }

    private static Register lookup(int bar, long offset) {
        if ((offset & 3) != 0) {
            return null;
        }
        return RegisterMap.at(bar, offset);
    }

    private int write32(int bar, long offset, int value, int origin) {
        Register r = lookup(bar, offset);
        if (r != null && r.offset() == GLOBAL_CTRL && bar == BAR_REGS && (value & CTRL_RESET) != 0) {
            reset(false);       // waits for a running kernel to stop, so not under the lock
            synchronized (this) {
                globalCtrl = value & CTRL_ENABLE;
            }
            return MMIO_OK;
        }
        synchronized (this) {
            if (r == null) {
                errorStatus |= ERR_REG_ACCESS;
                return (offset & 3) != 0 ? MMIO_MISALIGNED : MMIO_UNMAPPED;
            }
            if (r.access() == Access.RO) {
                errorStatus |= ERR_REG_ACCESS;
                return MMIO_READ_ONLY;
            }
            if (bar == BAR_DOORBELL) {
                dispatchLocked(value, origin);
                return MMIO_OK;
            }
            switch (r.offset()) {
                case GLOBAL_CTRL -> globalCtrl = value & CTRL_ENABLE;
                case ERROR_STATUS -> errorStatus &= ~value;
                case IRQ_ENABLE -> {
                    int unmasked = value & ~irqEnable & irqStatus;
                    irqEnable = value & IRQ_ALL;
                    notifyPending(unmasked & IRQ_ALL, origin);
                }
                case IRQ_STATUS -> raise(value & IRQ_ALL, origin, 0, 0);
                case IRQ_ACK -> irqStatus &= ~value;
                case DISPATCH -> dispatchLocked(value, origin);
                case DMA_CTRL -> {
                    dmaCtrl = value & ~DMA_START;
                    if ((value & DMA_START) != 0) {
                        registerDma(origin);
                    }
                }
                case BARRIER -> { }
                default -> file[r.offset() >> 2] = value;
            }
            return MMIO_OK;
        }
    }

    // ================================================================== interrupts

    private void raise(int bits, int origin, int seq, int result) {
        irqStatus |= bits;
        for (int b = 1; b <= IRQ_ERROR; b <<= 1) {
            if ((bits & b) != 0 && (irqEnable & b) != 0) {
                sink.interrupt(new Interrupt(vectorOf(b), b, irqStatus, origin, seq, result));
            }
        }
    }

    private void notifyPending(int bits, int origin) {
        for (int b = 1; b <= IRQ_ERROR; b <<= 1) {
            if ((bits & b) != 0) {
                sink.interrupt(new Interrupt(vectorOf(b), b, irqStatus, origin, 0, 0));
            }
        }
    }

    private static int vectorOf(int bit) {
        return bit == IRQ_KERNEL_DONE ? VECTOR_KERNEL_DONE : bit == IRQ_DMA_DONE ? VECTOR_DMA_DONE : VECTOR_ERROR;
    }

    // ================================================================== VRAM and DMA

    private void checkRange(long address, long length, DeviceError.Reason reason, String what) {
        if (address < 0 || length < 0 || address > vramSize || length > vramSize - address) {
            throw new DeviceError(reason, String.format("%s [0x%x, 0x%x) is outside VRAM [0, 0x%x)", what, address,
                    address + length, vramSize));
        }
    }

    /** Copies VRAM into {@code dst} (the BAR2 view of the seed's runtime, without the DMA engine). */
    public void vramRead(long address, byte[] dst, int off, int len) {
        checkRange(address, len, DeviceError.Reason.OUT_OF_RANGE, "VRAM read");
        System.arraycopy(vram, (int) address, dst, off, len);
    }

    public void vramWrite(long address, byte[] src, int off, int len) {
        checkRange(address, len, DeviceError.Reason.OUT_OF_RANGE, "VRAM write");
        System.arraycopy(src, off, vram, (int) address, len);
    }

    /**
     * The DMA engine, host to VRAM: the host buffer is {@code src[off, off+len)}. Programs DMA_SRC (0,
     * the message's buffer), DMA_DST, DMA_SIZE and DMA_CTRL as a driver would, then runs the transfer.
     */
    public synchronized int dmaToDevice(long vramAddress, byte[] src, int off, int len, int flags, int origin) {
        programDma(0, vramAddress, len, flags & DMA_IRQ_EN);
        if (!fits(vramAddress, len)) {
            throw dmaFailed(origin, String.format("DMA of %d bytes to 0x%x runs past the end of VRAM (0x%x)", len,
                    vramAddress, vramSize));
        }
        System.arraycopy(src, off, vram, (int) vramAddress, len);
        traceDma(-1, vramAddress, len);
        return dmaDone(origin);
    }

    /** The DMA engine, VRAM to host: fills {@code dst[off, off+len)}. */
    public synchronized int dmaFromDevice(long vramAddress, byte[] dst, int off, int len, int flags, int origin) {
        programDma(vramAddress, 0, len, DMA_FROM_VRAM | (flags & DMA_IRQ_EN));
        if (!fits(vramAddress, len)) {
            throw dmaFailed(origin, String.format("DMA of %d bytes from 0x%x runs past the end of VRAM (0x%x)", len,
                    vramAddress, vramSize));
        }
        System.arraycopy(vram, (int) vramAddress, dst, off, len);
        traceDma(vramAddress, -1, len);
        return dmaDone(origin);
    }

    private void programDma(long src, long dst, int len, int ctrl) {
        file[DMA_SRC_LO >> 2] = (int) src;
        file[DMA_SRC_HI >> 2] = (int) (src >>> 32);
        file[DMA_DST_LO >> 2] = (int) dst;
        file[DMA_DST_HI >> 2] = (int) (dst >>> 32);
        file[DMA_SIZE >> 2] = len;
        dmaCtrl = ctrl;
        dmaStatus = DMA_STATUS_BUSY;
    }

    private boolean fits(long address, long length) {
        return address >= 0 && length >= 0 && address <= vramSize && length <= vramSize - address;
    }

    private DeviceError dmaFailed(int origin, String message) {
        dmaStatus = DMA_STATUS_ERROR;
        errorStatus |= ERR_DMA_FAULT;
        raise(IRQ_ERROR, origin, 0, -1);
        return new DeviceError(DeviceError.Reason.DMA_FAULT, message);
    }

    private int dmaDone(int origin) {
        dmaStatus = DMA_STATUS_COMPLETE;
        if ((dmaCtrl & DMA_IRQ_EN) != 0) {
            raise(IRQ_DMA_DONE, origin, 0, 0);
        }
        return dmaStatus;
    }

    /** DMA_CTRL.START written through a register: only a VRAM-to-VRAM copy has both of its sides. */
    private void registerDma(int origin) {
        long src = (file[DMA_SRC_LO >> 2] & 0xFFFF_FFFFL) | (long) file[DMA_SRC_HI >> 2] << 32;
        long dst = (file[DMA_DST_LO >> 2] & 0xFFFF_FFFFL) | (long) file[DMA_DST_HI >> 2] << 32;
        long len = file[DMA_SIZE >> 2] & 0xFFFF_FFFFL;
        if ((dmaCtrl & DMA_VRAM_COPY) == 0) {
            dmaFailed(origin, "DMA_CTRL.START without VRAM_COPY: the host side of a transfer comes with a "
                    + "DMA_TO_DEVICE or DMA_FROM_DEVICE message");
            return;
        }
        if (!fits(src, len) || !fits(dst, len)) {
            dmaFailed(origin, "VRAM copy outside VRAM");
            return;
        }
        byte[] m = vram;
        System.arraycopy(m, (int) src, m, (int) dst, (int) len);
        dmaDone(origin);
    }

    // ================================================================== kernels

    /**
     * Writes a kernel image into VRAM: an ELF (segments at their link addresses) or a flat binary at
     * {@code loadAddress}. The code range is remembered, so a later dispatch at an address inside it
     * decodes exactly that code (while the bytes in VRAM are unchanged).
     *
     * @param format 0 detect (ELF magic), 1 ELF, 2 flat binary
     */
    public synchronized LoadedKernel loadKernel(int format, long loadAddress, byte[] data, int off, int len) {
        byte[] image = Arrays.copyOfRange(data, off, off + len);
        boolean elf = format == 1 || (format == 0 && ELF.recognizes(image));
        if (format < 0 || format > 2) {
            throw new DeviceError(DeviceError.Reason.BAD_ARGUMENT, "kernel format " + format + " (0 detect, 1 ELF, 2 flat)");
        }
        if (!elf) {
            if (len == 0 || (loadAddress & 3) != 0) {
                throw new DeviceError(DeviceError.Reason.BAD_KERNEL, len == 0 ? "empty kernel image"
                        : String.format("load address 0x%x is not a multiple of 4", loadAddress));
            }
            checkRange(loadAddress, len, DeviceError.Reason.OUT_OF_RANGE, "kernel image");
            System.arraycopy(image, 0, vram, (int) loadAddress, len);
            remember(new LoadedImage((int) loadAddress, image, Map.of(), SourceLines.none(), loadAddress,
                    loadAddress + len));
            return new LoadedKernel(loadAddress, loadAddress, loadAddress + len);
        }
        Kernel k;
        try {
            k = ELF.load(KernelSource.ofBytes("client kernel", image), FrontEndOptions.defaults().withVramBytes(vramSize))
                    .kernel();
        } catch (FrontEndException e) {
            throw new DeviceError(DeviceError.Reason.BAD_KERNEL, e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw new DeviceError(DeviceError.Reason.BAD_KERNEL, "unreadable ELF: " + e.getMessage());
        }
        long start = Long.MAX_VALUE;
        long end = 0;
        long lo = Long.MAX_VALUE;
        long hi = 0;
        for (Segment s : k.image().segments()) {
            long a = Integer.toUnsignedLong(s.vaddr());
            checkRange(a, s.memSizeUnsigned(), DeviceError.Reason.OUT_OF_RANGE, "ELF segment");
            start = Math.min(start, a);
            end = Math.max(end, a + s.memSizeUnsigned());
            if (s.executable()) {
                lo = Math.min(lo, a);
                hi = Math.max(hi, a + s.data().length);
            }
        }
        if (lo >= hi) {
            throw new DeviceError(DeviceError.Reason.BAD_KERNEL, "ELF has no executable code");
        }
        byte[] code = new byte[(int) (hi - lo)];
        for (Segment s : k.image().segments()) {
            System.arraycopy(s.data(), 0, vram, s.vaddr(), s.data().length);
            Arrays.fill(vram, s.vaddr() + s.data().length, s.vaddr() + s.memSize(), (byte) 0);
            if (s.executable()) {
                System.arraycopy(s.data(), 0, code, (int) (s.vaddr() - lo), s.data().length);
            }
        }
        remember(new LoadedImage((int) lo, code, symbolNames(k.image().symbols()), SourceLines.ofElf(image,
                "client kernel"), start, end));
        return new LoadedKernel(Integer.toUnsignedLong(k.entry()), start, end);
    }

    /** One name per address: a function before a global before a local label; no mapping symbols ($x). */
    private static Map<Integer, String> symbolNames(List<ElfSymbol> symbols) {
        Map<Integer, ElfSymbol> best = new HashMap<>();
        for (ElfSymbol s : symbols) {
            if (!s.name().isEmpty() && !s.name().startsWith("$") && !s.name().startsWith(".")) {
                best.merge(s.value(), s, (a, b) -> rank(b) > rank(a) ? b : a);
            }
        }
        Map<Integer, String> names = new HashMap<>();
        best.forEach((address, s) -> names.put(address, s.name()));
        return names;
    }

    private static int rank(ElfSymbol s) {
        return (s.function() ? 2 : 0) + (s.global() ? 1 : 0);
    }

    private void remember(LoadedImage image) {
        images.removeIf(i -> i.overlaps(image.lo, image.lo + (long) image.code.length));
        images.addFirst(image);
        if (images.size() > MAX_IMAGES) {
            images.removeLast();
        }
    }

    /**
     * The LAUNCH message: programs the dispatch registers as the seed's LAUNCH_PARAMS ioctl does, then
     * writes DISPATCH. Refused with BUSY while a dispatch runs. The returned dispatch may already be
     * complete (a refused dispatch: result -1, fault {@code invalid_dispatch}).
     */
    public synchronized Dispatch launch(long kernelAddress, long argsAddress, int[] grid, int[] block, int shared,
                                        int flags, int kernelSize, int origin) {
        return launch(kernelAddress, argsAddress, grid, block, shared, flags, kernelSize, origin, null, null);
    }

    /**
     * {@link #launch(long, long, int[], int[], int, int, int, int)} timed by the performance model
     * {@code timing} (null: not timed): the outcome's diagnostics carry its report; refused while a
     * consumer of every launch (a debugger) is attached, as a launch has one consumer.
     */
    public synchronized Dispatch launch(long kernelAddress, long argsAddress, int[] grid, int[] block, int shared,
                                        int flags, int kernelSize, int origin, TimingSession timing) {
        return launch(kernelAddress, argsAddress, grid, block, shared, flags, kernelSize, origin, timing, null);
    }

    /** The LAUNCH_CHECKED message: {@link #launch} with the sanitizer checks of {@code checks} (null: none). */
    public synchronized Dispatch launch(long kernelAddress, long argsAddress, int[] grid, int[] block, int shared,
                                        int flags, int kernelSize, int origin, CheckRequest checks) {
        return launch(kernelAddress, argsAddress, grid, block, shared, flags, kernelSize, origin, null, checks);
    }

    private Dispatch launch(long kernelAddress, long argsAddress, int[] grid, int[] block, int shared, int flags,
                            int kernelSize, int origin, TimingSession timing, CheckRequest checks) {
        if (timing != null && events != null) {
            throw new DeviceError(DeviceError.Reason.BAD_ARGUMENT, "cannot time this launch: a debugger is attached "
                    + "to the device");
        }
        if (current != null) {
            throw new DeviceError(DeviceError.Reason.BUSY, "device is busy with dispatch " + current.seq);
        }
        file[KERNEL_ADDR_LO >> 2] = (int) kernelAddress;
        file[KERNEL_ADDR_HI >> 2] = (int) (kernelAddress >>> 32);
        file[KERNEL_ARGS_LO >> 2] = (int) argsAddress;
        file[KERNEL_ARGS_HI >> 2] = (int) (argsAddress >>> 32);
        for (int i = 0; i < 3; i++) {
            file[(GRID_DIM_X >> 2) + i] = grid[i];
            file[(BLOCK_DIM_X >> 2) + i] = block[i];
        }
        file[SHARED_MEM_SIZE >> 2] = shared;
        file[KERNEL_SIZE >> 2] = kernelSize;
        return dispatchLocked(flags, origin, timing, checks);
    }

    private Dispatch dispatchLocked(int value, int origin) {
        return dispatchLocked(value, origin, null, null);
    }

    private Dispatch dispatchLocked(int value, int origin, TimingSession timing, CheckRequest request) {
        if (closed) {
            return refused(0, origin, "device is closed", false);
        }
        if (current != null) {
            // The running kernel is unaffected; the refusal is an error of its own.
            errorStatus |= ERR_INVALID_CMD;
            raise(IRQ_ERROR, origin, 0, -1);
            return refused(0, origin, "dispatch while busy (dispatch " + current.seq + " is running)", false);
        }
        int seq = ++dispatchCount;
        long addr = reg64(KERNEL_ADDR_LO);
        long args = reg64(KERNEL_ARGS_LO);
        int[] grid = {file[GRID_DIM_X >> 2], file[GRID_DIM_Y >> 2], file[GRID_DIM_Z >> 2]};
        int[] block = {file[BLOCK_DIM_X >> 2], file[BLOCK_DIM_Y >> 2], file[BLOCK_DIM_Z >> 2]};
        int shared = file[SHARED_MEM_SIZE >> 2];
        long size = file[KERNEL_SIZE >> 2] & 0xFFFF_FFFFL;
        String problem = validate(addr, args, grid, block, shared, size);
        Kernel kernel = null;
        if (problem == null) {
            try {
                kernel = resolveKernel((int) addr, (int) size);
            } catch (RuntimeException e) {
                problem = "kernel at 0x" + Long.toHexString(addr) + " cannot be decoded: " + e.getMessage();
            }
        }
        if (problem != null) {
            return refused(seq, origin, problem, true);
        }
        Launch launch;
        try {
            launch = Launch.builder(kernel, new Dim3(grid[0], grid[1], grid[2]), new Dim3(block[0], block[1], block[2]))
                    .shared(shared).entry((int) addr).argumentAddress((int) args)
                    .abi((value & DISPATCH_SEED_ABI) != 0 ? Abi.SEED : Abi.NATIVE).watchdog(watchdog)
                    .name(kernelName((int) addr)).sequence(seq).events(timing != null ? timing.consumer() : events).build();
        } catch (DeviceException e) {
            return refused(seq, origin, e.getMessage(), true);
        }
        CheckConsumer checks = null;
        LoadedImage image = intactImage((int) addr);
        if (request != null) {
            List<Region> regions = new ArrayList<>(request.regions());
            if (image != null) {
                // all of the image (code, constants, .data), not only the code the dispatch decodes
                regions.add(new Region("kernel image", (int) image.start, (int) (image.end - image.start), true));
            }
            checks = LaunchChecks.of(request.checks(), launch, config.warpSize(), regions);
            launch = launch.toBuilder().events(ExecutionConsumer.both(launch.events(), checks)).build();
        }
        Dispatch d = new Dispatch(seq, origin, launch, checks, image == null ? SourceLines.none() : image.lines, timing);
        current = d;
        try {
            executor.execute(() -> run(d));
        } catch (RuntimeException e) {     // executor shut down: the server is stopping
            current = null;
            return refused(seq, origin, "server is shutting down", true);
        }
        return d;
    }

    private Dispatch refused(int seq, int origin, String problem, boolean record) {
        if (record) {
            errorStatus |= ERR_INVALID_CMD;
            lastResult = -1;
            faultKind = FaultKinds.code("invalid_dispatch");
            faultPc = 0;
            faultAddr = -1;
            warpInstr = 0;
            laneInstr = 0;
            raise(IRQ_ERROR, origin, seq, -1);
        }
        Dispatch d = new Dispatch(seq, origin, null, null, SourceLines.none(), null);
        d.outcome.complete(new Outcome(seq, -1, "invalid_dispatch", problem, 0, -1, 0, 0, 0, List.of(), errorStatus,
                irqStatus));
        return d;
    }

    private long reg64(int lo) {
        return (file[lo >> 2] & 0xFFFF_FFFFL) | (long) file[(lo >> 2) + 1] << 32;
    }

    private String validate(long addr, long args, int[] grid, int[] block, int shared, long size) {
        if (addr >= vramSize || (addr & 3) != 0) {
            return String.format("KERNEL_ADDR 0x%x is %s", addr, addr >= vramSize ? "outside VRAM" : "not a multiple of 4");
        }
        if (args >>> 32 != 0) {
            return String.format("KERNEL_ARGS 0x%x does not fit in 32 bits", args);
        }
        long blocks = 1;
        long threads = 1;
        for (int i = 0; i < 3; i++) {
            if (grid[i] <= 0 || block[i] <= 0) {
                return String.format("grid (%s) and block (%s) dimensions must be 1..2^31-1", dims(grid), dims(block));
            }
            blocks *= grid[i];
            threads *= block[i];
            if (blocks > Integer.MAX_VALUE) {
                return "grid (" + dims(grid) + ") has more than 2^31-1 blocks";
            }
        }
        if (threads > Device.MAX_BLOCK_THREADS) {
            return "block (" + dims(block) + ") has " + threads + " threads: at most " + Device.MAX_BLOCK_THREADS;
        }
        if (shared < 0 || shared > Device.MAX_SHARED) {
            return "SHARED_MEM_SIZE " + Integer.toUnsignedString(shared) + " is over " + Device.MAX_SHARED;
        }
        if (size > vramSize - addr) {
            return String.format("KERNEL_SIZE %d at 0x%x runs past the end of VRAM", size, addr);
        }
        return null;
    }

    private static String dims(int[] d) {
        return Integer.toUnsignedString(d[0]) + "," + Integer.toUnsignedString(d[1]) + "," + Integer.toUnsignedString(d[2]);
    }

    /**
     * Where the pcs of the kernel at {@code addr} are in its source: the lines of the loaded ELF image
     * holding it, still intact in VRAM; none for flat binaries and kernels without DWARF lines.
     */
    public synchronized SourceLines sourceLines(int addr) {
        LoadedImage i = intactImage(addr);
        return i == null ? SourceLines.none() : i.lines;
    }

    /** The loaded image whose code holds {@code addr} and is still intact in VRAM, or null. */
    private LoadedImage intactImage(int addr) {
        for (LoadedImage i : images) {
            if (i.contains(Integer.toUnsignedLong(addr))
                    && Arrays.equals(vram, i.lo, i.lo + i.code.length, i.code, 0, i.code.length)) {
                return i;
            }
        }
        return null;
    }

    /** The symbol at {@code addr} of the loaded ELF image still intact in VRAM, else {@code kernel@0x...}. */
    private String kernelName(int addr) {
        byte[] m = vram;
        for (LoadedImage i : images) {
            String name = i.names.get(addr);
            if (name != null && Arrays.equals(m, i.lo, i.lo + i.code.length, i.code, 0, i.code.length)) {
                return name;
            }
        }
        return String.format("kernel@0x%08x", addr);
    }

    /** The code a dispatch at {@code addr} runs: a loaded image still intact in VRAM, else raw VRAM. */
    private Kernel resolveKernel(int addr, int size) {
        byte[] m = vram;
        if (size == 0) {
            for (LoadedImage i : images) {
                if (i.contains(Integer.toUnsignedLong(addr))
                        && Arrays.equals(m, i.lo, i.lo + i.code.length, i.code, 0, i.code.length)) {
                    return programs.get(i.lo, i.code);
                }
            }
        }
        int n;
        if (size != 0) {
            n = (int) Math.min((size + 3) & ~3L, vramSize - addr);
        } else {
            int limit = (int) Math.min(AUTO_KERNEL_LIMIT, vramSize - addr);
            n = 0;
            while (n < limit) {
                n += 4;
                if ((vram[addr + n - 4] | vram[addr + n - 3] | vram[addr + n - 2] | vram[addr + n - 1]) == 0) {
                    break;        // an all-zero word is never a valid instruction: the code ends here
                }
            }
        }
        return programs.get(addr, Arrays.copyOfRange(m, addr, addr + n));
    }

    private void run(Dispatch d) {
        observer.launchStarted(d.seq, d.launch);
        Outcome o;
        long t0 = System.nanoTime();
        try {
            LaunchResult r = device.launch(d.launch, d.cancellation);
            KernelFault f = r.fault();
            d.fault = f;
            // The model runs here, before the outcome completes, so the observers (the web UI) see it.
            LaunchTiming timed = d.timing == null || f != null ? null
                    : LaunchTiming.of(d.timing, config.warpSize(), d.launch.sharedBytes());
            LaunchDiagnostics found = new LaunchDiagnostics(d.checks == null ? null : CheckResult.of(d.checks),
                    r.statistics(), d.lines, timed);
            o = f == null
                    ? new Outcome(d.seq, 0, "none", "", 0, -1, r.warpInstructions(), r.laneInstructions(),
                            r.wallNanos(), r.console(), 0, 0, found)
                    : new Outcome(d.seq, -1, f.kind().label(), f.summary(), f.pc(), f.address(), r.warpInstructions(),
                            r.laneInstructions(), r.wallNanos(), r.console(), 0, 0, found);
        } catch (RuntimeException | StackOverflowError e) {
            o = new Outcome(d.seq, -1, "internal", "engine error: " + e, 0, -1, 0, 0, System.nanoTime() - t0, List.of(),
                    0, 0);
        }
        complete(d, o);
    }

    private void complete(Dispatch d, Outcome o) {
        Outcome done = o;
        try {
            synchronized (this) {
                if (current == d && !d.abandoned) {
                    current = null;
                    lastResult = o.result();
                    faultKind = FaultKinds.code(o.faultKind());
                    faultPc = o.faultPc();
                    faultAddr = (int) o.faultAddress();
                    warpInstr = o.warpInstructions();
                    laneInstr = o.laneInstructions();
                    if (o.ok()) {
                        raise(IRQ_KERNEL_DONE, d.origin, d.seq, 0);
                    } else {
                        errorStatus |= ERR_KERNEL_FAULT | (FaultKinds.isMemoryFault(o.faultKind()) ? ERR_VRAM_FAULT : 0);
                        raise(IRQ_ERROR, d.origin, d.seq, -1);
                    }
                }
                done = new Outcome(o.seq(), o.result(), o.faultKind(), o.message(), o.faultPc(), o.faultAddress(),
                        o.warpInstructions(), o.laneInstructions(), o.wallNanos(), o.console(), errorStatus, irqStatus,
                        o.diagnostics());
            }
        } finally {
            // Before the completion, so whoever awaits the outcome finds the observer up to date.
            observer.launchFinished(d.seq, d.launch, done, d.fault);
            d.outcome.complete(done);
        }
    }

    // ================================================================== reset and close

    /**
     * Soft reset: cancels a running dispatch (and waits, up to 5 s, for it to stop), then puts every
     * register back to its reset value. VRAM is kept unless {@code clearVram}.
     */
    public void reset(boolean clearVram) {
        Dispatch d;
        synchronized (this) {
            d = current;
            if (d != null) {
                d.abandoned = true;
                d.cancel("device reset");
            }
        }
        if (d != null) {
            try {
                d.outcome.get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // a kernel that does not stop in 5 s keeps running detached; the reset goes on
            }
        }
        synchronized (this) {
            if (current == d) {
                current = null;
            }
            Arrays.fill(file, 0);
            globalCtrl = 0;
            errorStatus = 0;
            irqEnable = 0;
            irqStatus = 0;
            dmaCtrl = 0;
            dmaStatus = 0;
            lastResult = 0;
            faultKind = 0;
            faultPc = 0;
            faultAddr = 0;
            warpInstr = 0;
            laneInstr = 0;
            dispatchCount = 0;
            if (clearVram) {
                Arrays.fill(vram, (byte) 0);
                images.clear();
            }
        }
    }

    /** Cancels a running dispatch without waiting; the device refuses dispatches from now on. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            if (current != null) {
                current.abandoned = true;
                current.cancel("device closed");
            }
        }
    }

    /** The running dispatch, or null. */
    public synchronized Dispatch current() {
        return current;
    }
}
