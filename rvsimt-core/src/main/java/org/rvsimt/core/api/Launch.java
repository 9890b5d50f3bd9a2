package org.rvsimt.core.api;

import org.rvsimt.core.events.ExecutionConsumer;

import java.util.ArrayList;
import java.util.List;

/**
 * One kernel launch, as a value: what runs (kernel and entry), its geometry and arguments, and how
 * (ABI, watchdog, barrier and alignment rules, host threads). Built with {@link #builder} and run by
 * {@link Device#launch(Launch)}; the CLI, the device server, the web UI and the bench all launch
 * this way.
 *
 * <pre>{@code
 * Launch l = Launch.builder(kernel, Dim3.of(n / 256), Dim3.of(256)).args(n, 2.0f, x, y).build();
 * LaunchResult r = gpu.launch(l);
 * }</pre>
 *
 * The arguments are either values ({@link Builder#args}: each becomes a 32-bit word of an argument
 * block the device builds, in a window of its own where reading past the last argument faults) or
 * the address of an argument block already in device memory ({@link Builder#argumentAddress}, as a
 * driver passes it to the device server).
 */
public final class Launch {
    private final Kernel kernel;
    private final Dim3 grid;
    private final Dim3 block;
    private final int sharedBytes;
    private final List<Object> args;
    private final Integer argumentAddress;
    private final Integer entry;
    private final Abi abi;
    private final long watchdog;
    private final boolean exitedArrive;
    private final boolean allowMisaligned;
    private final int threads;
    private final String name;
    private final long sequence;
    private final ExecutionConsumer events;
    private final long firstBlock;
    private final long endBlock;

    private Launch(Builder b) {
        kernel = b.kernel;
        grid = b.grid;
        block = b.block;
        sharedBytes = b.sharedBytes;
        args = List.copyOf(b.args);
        argumentAddress = b.argumentAddress;
        entry = b.entry;
        abi = b.abi;
        watchdog = b.watchdog;
        exitedArrive = b.exitedArrive;
        allowMisaligned = b.allowMisaligned || b.abi == Abi.SEED;
        threads = b.threads;
        name = b.name != null ? b.name : b.kernel.name();
        sequence = b.sequence;
        events = b.events;
        firstBlock = b.firstBlock;
        endBlock = b.endBlock;
    }

    public static Builder builder(Kernel kernel, Dim3 grid, Dim3 block) {
        return new Builder(kernel, grid, block);
    }

    /** A builder holding this launch's settings, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder(kernel, grid, block).shared(sharedBytes).entry(entry).abi(abi).watchdog(watchdog)
                .exitedArrive(exitedArrive).allowMisaligned(allowMisaligned).threads(threads).name(name)
                .sequence(sequence).events(events);
        b.firstBlock = firstBlock;
        b.endBlock = endBlock;
        b.args.addAll(args);
        b.argumentAddress = argumentAddress;
        return b;
    }

    public Kernel kernel() {
        return kernel;
    }

    public Dim3 grid() {
        return grid;
    }

    public Dim3 block() {
        return block;
    }

    public int sharedBytes() {
        return sharedBytes;
    }

    /** The argument values (empty when the launch passes an argument address). */
    public List<Object> args() {
        return args;
    }

    /** The device address of a ready argument block, or null when the device builds it from {@link #args}. */
    public Integer argumentAddress() {
        return argumentAddress;
    }

    /** The entry address, or null for the kernel's entry point. */
    public Integer entry() {
        return entry;
    }

    public Abi abi() {
        return abi;
    }

    public long watchdog() {
        return watchdog;
    }

    public boolean exitedArrive() {
        return exitedArrive;
    }

    public boolean allowMisaligned() {
        return allowMisaligned;
    }

    /** Host threads for this launch, or 0 for the device's setting. */
    public int threads() {
        return threads;
    }

    /** The kernel's name in the trace. */
    public String name() {
        return name;
    }

    /** The launch number in the trace, or 0 to let the device number its launches. */
    public long sequence() {
        return sequence;
    }

    /** The consumer of this launch's execution events, or null (then the engines run no event code). */
    public ExecutionConsumer events() {
        return events;
    }

    /** The first block (linear index) this launch runs: 0 unless {@link Builder#blocks} chose a range. */
    public long firstBlock() {
        return firstBlock;
    }

    /** The block after the last one this launch runs, or -1 for the end of the grid. */
    public long endBlock() {
        return endBlock;
    }

    /** Collects a launch's settings; {@link #build} checks them. */
    public static final class Builder {
        private final Kernel kernel;
        private final Dim3 grid;
        private final Dim3 block;
        private int sharedBytes;
        private final List<Object> args = new ArrayList<>();
        private Integer argumentAddress;
        private Integer entry;
        private Abi abi = Abi.NATIVE;
        private long watchdog = LaunchOptions.DEFAULT_WATCHDOG;
        private boolean exitedArrive;
        private boolean allowMisaligned;
        private int threads;
        private String name;
        private long sequence;
        private ExecutionConsumer events;
        private long firstBlock;
        private long endBlock = -1;

        private Builder(Kernel kernel, Dim3 grid, Dim3 block) {
            if (kernel == null || grid == null || block == null) {
                throw new DeviceException("a launch needs a kernel, a grid and a block");
            }
            this.kernel = kernel;
            this.grid = grid;
            this.block = block;
        }

        /** Shared memory per block, in bytes. */
        public Builder shared(int bytes) {
            this.sharedBytes = bytes;
            return this;
        }

        /** Appends argument values: a {@link Buffer} passes its address, an Integer its value, a Float its bits. */
        public Builder args(Object... values) {
            args.addAll(java.util.Arrays.asList(values));
            return this;
        }

        /** Passes an argument block already in device memory at {@code address} (a0 points there). */
        public Builder argumentAddress(int address) {
            this.argumentAddress = address;
            return this;
        }

        /** The entry address; null for the kernel's entry point. */
        public Builder entry(Integer address) {
            this.entry = address;
            return this;
        }

        public Builder abi(Abi a) {
            this.abi = a;
            return this;
        }

        /** Warp-instruction budget per warp. */
        public Builder watchdog(long budget) {
            this.watchdog = budget;
            return this;
        }

        /** Whether warps that have exited count as arrived at block barriers. */
        public Builder exitedArrive(boolean on) {
            this.exitedArrive = on;
            return this;
        }

        /** Whether misaligned loads and stores are performed instead of faulting (always under the seed ABI). */
        public Builder allowMisaligned(boolean on) {
            this.allowMisaligned = on;
            return this;
        }

        /** Host threads for this launch; 0 for the device's setting. */
        public Builder threads(int n) {
            this.threads = n;
            return this;
        }

        /** The kernel's name in the trace (default: the kernel's own name). */
        public Builder name(String kernelName) {
            this.name = kernelName;
            return this;
        }

        /** The launch number in the trace (default 0: the device numbers its launches). */
        public Builder sequence(long number) {
            this.sequence = number;
            return this;
        }

        /** Attaches a consumer of the launch's execution events (null: none). */
        public Builder events(ExecutionConsumer consumer) {
            this.events = consumer;
            return this;
        }

        /**
         * Runs only the blocks {@code [first, end)} of the grid, by linear block index (x fastest), each as it
         * runs in the whole launch: one part of a launch split across processes or machines, whose parts'
         * memory writes are merged afterwards. The grid stays the launch's ({@code gridDim} is unchanged).
         */
        public Builder blocks(long first, long end) {
            if (first < 0 || end < first) {
                throw new DeviceException("block range [" + first + ", " + end + "): need 0 <= first <= end");
            }
            this.firstBlock = first;
            this.endBlock = end;
            return this;
        }

        /** Takes over the settings of per-launch options. */
        public Builder options(LaunchOptions o) {
            return entry(o.entry()).abi(o.abi()).watchdog(o.watchdog()).exitedArrive(o.exitedArrive())
                    .allowMisaligned(o.allowMisaligned()).threads(o.threads())
                    .events(o.events());
        }

        public Launch build() {
            if (block.volume() > Device.MAX_BLOCK_THREADS) {
                throw new DeviceException("block of " + block.volume() + " threads: at most " + Device.MAX_BLOCK_THREADS);
            }
            if (sharedBytes < 0 || sharedBytes > Device.MAX_SHARED) {
                throw new DeviceException("shared memory of " + sharedBytes + " bytes: must be 0.." + Device.MAX_SHARED);
            }
            if (watchdog < 1) {
                throw new DeviceException("watchdog must be at least 1 instruction, got " + watchdog);
            }
            if (endBlock > grid.volume()) {
                throw new DeviceException("block range [" + firstBlock + ", " + endBlock + ") is beyond the grid's "
                        + grid.volume() + " blocks");
            }
            if (threads < 0) {
                throw new DeviceException("threads must not be negative, got " + threads);
            }
            if (abi == null) {
                throw new DeviceException("abi must not be null");
            }
            if (argumentAddress != null && !args.isEmpty()) {
                throw new DeviceException("a launch passes either argument values or an argument address, not both");
            }
            if (4L * args.size() > org.rvsimt.core.memory.MemoryMap.ARGS_WINDOW) {
                throw new DeviceException(args.size() + " arguments: at most "
                        + org.rvsimt.core.memory.MemoryMap.ARGS_WINDOW / 4);
            }
            for (int i = 0; i < args.size(); i++) {
                Object a = args.get(i);
                if (a == null) {
                    throw new DeviceException("argument " + i + " is null");
                }
                if (!(a instanceof Buffer || a instanceof Integer || a instanceof Float || a instanceof Short
                        || a instanceof Byte)) {
                    throw new DeviceException("argument " + i + " has unsupported type " + a.getClass().getSimpleName()
                            + " (use Buffer, Integer or Float)");
                }
            }
            return new Launch(this);
        }
    }
}
