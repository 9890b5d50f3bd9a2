package org.rvsimt.core.api;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.exec.LaunchRunner;
import org.rvsimt.core.exec.LaunchSpec;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.WarpEngine;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Vram;
import org.rvsimt.core.trace.Tracer;
import org.rvsimt.isa.elf.Segment;

/**
 * A simulated SIMT GPU: device memory, an allocator, and kernel launches.
 *
 * <pre>{@code
 * try (Device gpu = Device.open(DeviceConfig.defaults())) {
 *     Kernel k = Kernel.fromAssembly(source, "saxpy.S");
 *     Buffer x = gpu.alloc(4 * n).write(xs), y = gpu.alloc(4 * n).write(ys);
 *     LaunchResult r = gpu.launch(k, Dim3.of(n / 256), Dim3.of(256), 0, n, 2.0f, x, y);
 *     float[] out = y.readFloats();
 * }
 * }</pre>
 *
 * Arguments become the 32-bit words of the argument block ({@code a0} points at it): a
 * {@link Buffer} passes its address, an {@code Integer} its value, a {@code Float} its bits. The
 * block is a window of its own at {@link MemoryMap#ARGS_BASE}, so reading past the last argument is
 * a fault. {@link #launch(Launch)} takes a launch built with {@link Launch#builder}; the other
 * {@code launch} methods are shorthands for it.
 * Launches are synchronous; a device is not meant to be used by several host threads at once.
 */
public final class Device implements AutoCloseable {
    /** Allocations start above the first MiB, where kernels are linked by default. */
    public static final long HEAP_START = 1 << 20;
    public static final int MAX_BLOCK_THREADS = 1024;
    public static final int MAX_SHARED = 16 << 20;

    private final DeviceConfig config;
    private final Vram vram;
    private final Allocator allocator;
    private final Allocations allocations = new Allocations();
    /** Kernels whose segments above {@link #HEAP_START} the allocator keeps free. */
    private final Set<Kernel> reserved = Collections.newSetFromMap(new IdentityHashMap<>());
    private volatile Tracer tracer;
    private volatile ExecutionConsumer events;
    private volatile boolean statistics = true;
    private long launches;

    private Device(DeviceConfig config) {
        this.config = config;
        this.vram = new Vram(config.vramBytes());
        this.allocator = new Allocator(HEAP_START, config.vramBytes());
    }

    public static Device open(DeviceConfig config) {
        return new Device(config);
    }

    public DeviceConfig config() {
        return config;
    }

    Vram vram() {
        return vram;
    }

    /** Raw access to device memory for tools (the device server, tests). */
    public byte[] memory() {
        return vram.bytes();
    }

    public Buffer alloc(long bytes) {
        return alloc(bytes, 256);
    }

    public Buffer alloc(long bytes, long alignment) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw new DeviceException("allocation of " + bytes + " bytes: size must be 0.." + Integer.MAX_VALUE);
        }
        long a = allocator.allocate(Math.max(bytes, 1), alignment);
        allocations.allocated((int) a, (int) bytes);
        return new Buffer(this, (int) a, (int) bytes, false);
    }

    /** Places a buffer at a fixed address (the seed ABI's fixed data addresses). */
    public Buffer allocAt(long address, long bytes) {
        if (bytes < 0) {
            throw new DeviceException("allocation of " + bytes + " bytes at 0x" + Long.toHexString(address)
                    + ": size must not be negative");
        }
        if (address < HEAP_START || address + bytes > config.vramBytes()) {
            throw new DeviceException(String.format("buffer at 0x%x (%d bytes) must lie in [0x%x, 0x%x)", address, bytes,
                    HEAP_START, config.vramBytes()));
        }
        allocator.reserve(address, Math.max(bytes, 1));
        allocations.allocated((int) address, (int) bytes);
        return new Buffer(this, (int) address, (int) bytes, false);
    }

    public void free(Buffer b) {
        if (b.device() != this) {
            throw new DeviceException("free of " + b + ": the buffer belongs to another device");
        }
        if (b.isView()) {
            throw new DeviceException("free of a view " + b + ": free the buffer it was made from");
        }
        allocator.release(Integer.toUnsignedLong(b.address()));
        allocations.freed(b.address());
    }

    /**
     * A host allocation as the sanitizer checks see it ({@code rvsimt-observe}'s {@code LaunchChecks}).
     *
     * @param freed       freed with {@link #free} (the most recent {@value Allocations#FREED_KEPT}
     *                    freed allocations whose memory was not allocated again are kept)
     * @param initialized the bytes that hold data: written by the host, or by a kernel (a launch
     *                    without checks counts as having written every live allocation)
     */
    public record Allocation(int address, int size, boolean freed, java.util.BitSet initialized) { }

    /** The live allocations, then the freed ones most recent first. */
    public List<Allocation> allocations() {
        return allocations.snapshot();
    }

    /** Records that {@code length} bytes at {@code address} now hold data (what a checked launch saw a kernel write). */
    public void markInitialized(int address, int length) {
        allocations.initialized(address, length);
    }

    /** The host wrote {@code length} bytes at {@code address} (a buffer copy or fill). */
    void hostWrote(int address, int length) {
        allocations.initialized(address, length);
    }

    /** Bytes currently allocated. */
    public long allocatedBytes() {
        return allocator.liveBytes();
    }

    /**
     * Copies the kernel's segments into VRAM (again at every launch, so .data starts fresh; a
     * resident kernel's code is already there) and returns its predecoded code.
     */
    private Program load(Kernel k) {
        for (Segment s : k.segments()) {
            long end = Integer.toUnsignedLong(s.vaddr()) + Integer.toUnsignedLong(s.memSize());
            if (end > config.vramBytes()) {
                throw new DeviceException(String.format("kernel %s: segment [0x%x, 0x%x) does not fit in VRAM (%d MiB)",
                        k.name(), s.vaddr(), end, config.vramBytes() >> 20));
            }
        }
        if (k.isResident()) {
            return k.program(config.isa());
        }
        if (reserved.add(k)) {
            for (Segment s : k.segments()) {
                long start = Integer.toUnsignedLong(s.vaddr());
                long end = start + Integer.toUnsignedLong(s.memSize());
                if (end > HEAP_START) {
                    long from = Math.max(start, HEAP_START);
                    allocator.reserve(from, end - from);
                }
            }
        }
        for (Segment s : k.segments()) {
            vram.write(s.vaddr(), s.data(), 0, s.data().length);
            vram.fill(s.vaddr() + s.data().length, s.memSize() - s.data().length, (byte) 0);
        }
        return k.program(config.isa());
    }

    /** Traces the following launches into {@code t} (null turns tracing off; the engines then run no trace code). */
    public void setTracer(Tracer t) {
        this.tracer = t;
    }

    public Tracer tracer() {
        return tracer;
    }

    public LaunchResult launch(Kernel k, Dim3 grid, Dim3 block, int sharedBytes, Object... args) {
        return launch(Launch.builder(k, grid, block).shared(sharedBytes).args(args).build());
    }

    public LaunchResult launch(Kernel k, Dim3 grid, Dim3 block, int sharedBytes, LaunchOptions options,
                               Object... args) {
        return launch(Launch.builder(k, grid, block).shared(sharedBytes).options(options).args(args).build());
    }

    /**
     * Attaches {@code consumer} to every later launch that names no consumer of its own (null:
     * none). A launch's own consumer ({@code Launch.Builder.events}) takes precedence.
     */
    public void setEvents(ExecutionConsumer consumer) {
        this.events = consumer;
    }

    /**
     * Whether later launches count their {@link LaunchStatistics} (on by default). Off, a launch's
     * result has none ({@link LaunchResult#statistics()} is null) and the engines skip the counting:
     * for callers that only time launches or read their outputs, as the bench does.
     */
    public void setStatistics(boolean on) {
        this.statistics = on;
    }

    /** Runs a launch to its end on the calling thread. */
    public LaunchResult launch(Launch launch) {
        return launch(launch, null);
    }

    /**
     * Runs a launch to its end on the calling thread; another thread may stop it through
     * {@code cancellation} (null: it cannot be cancelled).
     */
    public LaunchResult launch(Launch launch, Cancellation cancellation) {
        Kernel k = launch.kernel();
        Program program = load(k);
        int entry = launch.entry() != null ? launch.entry() : k.entry();
        if (!program.contains(entry)) {
            throw new DeviceException(String.format("entry 0x%x is not in the kernel's code", entry));
        }
        if ((entry & program.instructionAlignment() - 1) != 0) {
            throw new DeviceException(String.format("entry 0x%x is not a multiple of %d (the device %s C)", entry,
                    program.instructionAlignment(), program.instructionAlignment() == 2 ? "has" : "lacks"));
        }
        int argsAddress;
        byte[] argumentBlock = null;
        if (launch.argumentAddress() != null) {
            argsAddress = launch.argumentAddress();
        } else {
            argsAddress = MemoryMap.ARGS_BASE;
            argumentBlock = argumentBlock(launch.args());
        }
        LaunchSpec spec = new LaunchSpec(program, entry, launch.grid().toArray(), launch.block().toArray(),
                config.warpSize(), launch.sharedBytes(), argsAddress, argumentBlock, config.stackBytes(),
                config.computeUnits(), launch.abi() == Abi.SEED, config.fastSfu(), launch.watchdog(),
                launch.exitedArrive(), launch.allowMisaligned(), config.vlen());
        int threads = launch.threads() > 0 ? launch.threads() : config.threads();
        Engine engine = config.engine();
        Supplier<WarpEngine> engines = cancellation == null ? engine::newEngine
                : () -> new CancellableEngine(engine.newEngine(), cancellation);
        long id = launch.sequence() != 0 ? launch.sequence() : ++launches;
        ExecutionConsumer consumer = launch.events() != null ? launch.events() : events;
        long t0 = System.nanoTime();
        long end = launch.endBlock() >= 0 ? launch.endBlock() : spec.blockCount();
        LaunchRunner.Outcome o = LaunchRunner.run(spec, vram, engines, threads, tracer, id, launch.name(), consumer,
                statistics, launch.firstBlock(), end);
        long wall = System.nanoTime() - t0;
        if (consumer == null || !consumer.recordsDeviceWrites()) {
            allocations.allInitialized();
        }
        return new LaunchResult(engine, o.warpInstructions(), o.laneInstructions(), config.warpSize(), wall,
                o.console(), o.exitCode(), o.fault(), o.statistics());
    }

    /** The launch's own copy of its argument words, little-endian. */
    private byte[] argumentBlock(List<Object> args) {
        byte[] block = new byte[4 * args.size()];
        for (int i = 0; i < args.size(); i++) {
            int w = argumentWord(args.get(i), i);
            for (int b = 0; b < 4; b++) {
                block[4 * i + b] = (byte) (w >>> (8 * b));
            }
        }
        return block;
    }

    private int argumentWord(Object arg, int index) {
        return switch (arg) {
            case Buffer b when b.device() != this -> throw new DeviceException("argument " + index + ": " + b
                    + " belongs to another device");
            case Buffer b -> b.address();
            case Integer i -> i;
            case Float f -> Float.floatToRawIntBits(f);
            case Short s -> s;
            case Byte b -> b;
            case null -> throw new DeviceException("argument " + index + " is null");
            default -> throw new DeviceException("argument " + index + " has unsupported type "
                    + arg.getClass().getSimpleName() + " (use Buffer, Integer or Float)");
        };
    }

    @Override
    public void close() {
        reserved.clear();
    }
}
