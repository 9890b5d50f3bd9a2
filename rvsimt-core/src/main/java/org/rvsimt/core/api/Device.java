package org.rvsimt.core.api;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.rvsimt.core.exec.Interpreter;
import org.rvsimt.core.exec.JitEngine;
import org.rvsimt.core.exec.LaunchRunner;
import org.rvsimt.core.exec.LaunchSpec;
import org.rvsimt.core.exec.Program;
import org.rvsimt.core.exec.WarpEngine;
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
 * {@link Buffer} passes its address, an {@code Integer} its value, a {@code Float} its bits.
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
    private final Map<Kernel, Program> loaded = new IdentityHashMap<>();
    private volatile Tracer tracer;
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
    }

    /** Bytes currently allocated. */
    public long allocatedBytes() {
        return allocator.liveBytes();
    }

    /** Copies the kernel's segments into VRAM (again at every launch, so .data starts fresh). */
    private Program load(Kernel k) {
        Program p = loaded.get(k);
        for (Segment s : k.segments()) {
            long end = Integer.toUnsignedLong(s.vaddr()) + Integer.toUnsignedLong(s.memSize());
            if (end > config.vramBytes()) {
                throw new DeviceException(String.format("kernel %s: segment [0x%x, 0x%x) does not fit in VRAM (%d MiB)",
                        k.name(), s.vaddr(), end, config.vramBytes() >> 20));
            }
        }
        if (p == null) {
            for (Segment s : k.segments()) {
                long start = Integer.toUnsignedLong(s.vaddr());
                long end = start + Integer.toUnsignedLong(s.memSize());
                if (end > HEAP_START) {
                    long from = Math.max(start, HEAP_START);
                    allocator.reserve(from, end - from);
                }
            }
        }
        Segment code = null;
        for (Segment s : k.segments()) {
            vram.write(s.vaddr(), s.data(), 0, s.data().length);
            vram.fill(s.vaddr() + s.data().length, s.memSize() - s.data().length, (byte) 0);
            if ((s.flags() & Segment.PF_X) != 0 && (code == null || s.data().length > code.data().length)) {
                code = s;
            }
        }
        if (p == null) {
            p = programOf(k, code);
            loaded.put(k, p);
        }
        return p;
    }

    private static Program programOf(Kernel k, Segment code) {
        if (code == null) {
            throw new DeviceException("kernel " + k.name() + " has no executable segment");
        }
        // Predecode every executable segment as one range so calls between them resolve.
        int lo = Integer.MAX_VALUE;
        long hi = 0;
        for (Segment s : k.segments()) {
            if ((s.flags() & Segment.PF_X) != 0) {
                lo = Math.min(lo, s.vaddr());
                hi = Math.max(hi, Integer.toUnsignedLong(s.vaddr()) + s.data().length);
            }
        }
        byte[] image = new byte[(int) (hi - lo)];
        for (Segment s : k.segments()) {
            if ((s.flags() & Segment.PF_X) != 0) {
                System.arraycopy(s.data(), 0, image, s.vaddr() - lo, s.data().length);
            }
        }
        return Program.of(lo, image, image.length);
    }

    /** Traces the following launches into {@code t} (null turns tracing off; the engines then run no trace code). */
    public void setTracer(Tracer t) {
        this.tracer = t;
    }

    public Tracer tracer() {
        return tracer;
    }

    public LaunchResult launch(Kernel k, Dim3 grid, Dim3 block, int sharedBytes, Object... args) {
        return launch(k, grid, block, sharedBytes, LaunchOptions.defaults(), args);
    }

    public LaunchResult launch(Kernel k, Dim3 grid, Dim3 block, int sharedBytes, LaunchOptions options,
                               Object... args) {
        if (block.volume() > MAX_BLOCK_THREADS) {
            throw new DeviceException("block of " + block.volume() + " threads: at most " + MAX_BLOCK_THREADS);
        }
        if (sharedBytes < 0 || sharedBytes > MAX_SHARED) {
            throw new DeviceException("shared memory of " + sharedBytes + " bytes: must be 0.." + MAX_SHARED);
        }
        Program program = load(k);
        int entry = options.entry() != null ? options.entry() : k.entry();
        if (!program.contains(entry)) {
            throw new DeviceException(String.format("entry 0x%x is not in the kernel's code", entry));
        }
        Buffer argBlock = alloc(Math.max(4, 4L * args.length), 16);
        try {
            int[] words = new int[args.length];
            for (int i = 0; i < args.length; i++) {
                words[i] = argumentWord(args[i], i);
            }
            argBlock.write(words);
            LaunchSpec spec = new LaunchSpec(program, entry, grid.toArray(), block.toArray(), config.warpSize(),
                    sharedBytes, argBlock.address(), config.stackBytes(), config.computeUnits(), options.seedAbi(),
                    config.fastSfu(), options.watchdog(), options.exitedArrive(), options.allowMisaligned(),
                    config.vlen());
            int threads = options.threads() > 0 ? options.threads() : config.threads();
            Supplier<WarpEngine> engine = config.engine().equals("jit") ? JitEngine::new : Interpreter::new;
            long t0 = System.nanoTime();
            LaunchRunner.Outcome o = LaunchRunner.run(spec, vram, engine, threads, tracer, ++launches, k.name(),
                    options.events());
            long wall = System.nanoTime() - t0;
            return new LaunchResult(config.engine(), o.warpInstructions(), o.laneInstructions(), config.warpSize(), wall,
                    o.console(), o.exitCode(), o.fault() != null ? o.fault() : exitFault(o, spec), o.statistics());
        } finally {
            free(argBlock);
        }
    }

    private static org.rvsimt.core.exec.KernelFault exitFault(LaunchRunner.Outcome o, LaunchSpec spec) {
        if (o.exitCode() == 0) {
            return null;
        }
        long b = o.exitBlock();
        int gx = spec.grid()[0];
        int gy = spec.grid()[1];
        int[] blockIdx = {(int) (b % gx), (int) ((b / gx) % gy), (int) (b / ((long) gx * gy))};
        int t = o.exitThread();
        return new org.rvsimt.core.exec.KernelFault("exit_code", o.exitPc(), spec.program().disassemble(o.exitPc()), blockIdx, t / spec.warpSize(),
                1L << (t % spec.warpSize()), -1, "thread " + t + " of block (" + blockIdx[0] + "," + blockIdx[1] + ","
                + blockIdx[2] + ") exited with code " + o.exitCode(), o.exitRecent());
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
        loaded.clear();
    }
}
