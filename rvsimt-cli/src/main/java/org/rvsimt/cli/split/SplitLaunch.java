package org.rvsimt.cli.split;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.api.Abi;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Engine;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.Segment;

/**
 * Everything a task needs to run part of a launch on another machine, as a value: the device's settings, the
 * kernel's segments, the launch's geometry and argument words, and device memory as the launch finds it
 * (the buffers the host wrote and the kernel's segments). Every task starts from this same image, so each
 * block range computes what it computes in one run of every block, provided blocks do not read what other
 * blocks write (a race in CUDA's terms too).
 */
public final class SplitLaunch implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long vramBytes;
    private final int warpSize;
    private final int computeUnits;
    private final int warpsPerUnit;
    private final int stackBytes;
    private final boolean fastSfu;
    private final Engine engine;
    private final int vlen;
    /** The device's ISA string, or null for every extension rvsimt implements (the default). */
    private final String isa;

    private final String kernelName;
    private final int kernelEntry;
    /** The kernel's segments (the ELF reader's Segment is not Serializable): address, size in memory, flags, bytes. */
    private final int[][] segmentFields;
    private final byte[][] segmentData;

    private final int[] grid;
    private final int[] block;
    private final int sharedBytes;
    private final Integer entry;
    private final Abi abi;
    private final long watchdog;
    private final boolean exitedArrive;
    private final boolean allowMisaligned;
    private final int[] args;

    private final ArrayList<MemoryRun> image;
    private final boolean hasAtomics;

    private transient Kernel kernel;

    private SplitLaunch(DeviceConfig config, Kernel kernel, Launch launch, byte[] memory) {
        vramBytes = config.vramBytes();
        warpSize = config.warpSize();
        computeUnits = config.computeUnits();
        warpsPerUnit = config.warpsPerUnit();
        stackBytes = config.stackBytes();
        fastSfu = config.fastSfu();
        engine = config.engine();
        vlen = config.vlen();
        isa = config.isa().isAll() ? null : config.isa().toString();
        kernelName = kernel.name();
        kernelEntry = kernel.entry();
        List<Segment> ss = kernel.image().segments();
        segmentFields = new int[ss.size()][];
        segmentData = new byte[ss.size()][];
        for (int i = 0; i < ss.size(); i++) {
            Segment s = ss.get(i);
            segmentFields[i] = new int[] {s.vaddr(), s.memSize(), s.flags()};
            segmentData[i] = s.data();
        }
        grid = new int[] {launch.grid().x(), launch.grid().y(), launch.grid().z()};
        block = new int[] {launch.block().x(), launch.block().y(), launch.block().z()};
        sharedBytes = launch.sharedBytes();
        entry = launch.entry();
        abi = launch.abi();
        watchdog = launch.watchdog();
        exitedArrive = launch.exitedArrive();
        allowMisaligned = launch.allowMisaligned();
        args = launch.args().stream().mapToInt(SplitLaunch::word).toArray();
        image = new ArrayList<>(MemoryRun.nonZero(memory));
        hasAtomics = hasAtomics(kernel.program(config.isa()));
    }

    /**
     * The launch as the device {@code config} would run it now: {@code memory} is the device's memory, into
     * which the kernel's segments are copied as the launch itself would copy them (so a range's writes are
     * what the kernel wrote, not the kernel's image).
     */
    public static SplitLaunch of(DeviceConfig config, Launch launch, byte[] memory) {
        if (launch.argumentAddress() != null) {
            throw new IllegalArgumentException("a launch whose argument block is in device memory cannot be split");
        }
        Kernel k = launch.kernel();
        byte[] input = memory.clone();
        if (!k.isResident()) {
            for (Segment s : k.image().segments()) {
                System.arraycopy(s.data(), 0, input, s.vaddr(), s.data().length);
                java.util.Arrays.fill(input, s.vaddr() + s.data().length, s.vaddr() + s.memSize(), (byte) 0);
            }
        }
        return new SplitLaunch(config, k, launch, input);
    }

    private static int word(Object arg) {
        return switch (arg) {
            case Buffer b -> b.address();
            case Integer i -> i;
            case Float f -> Float.floatToRawIntBits(f);
            case Short s -> s;
            case Byte b -> b;
            default -> throw new IllegalArgumentException("argument of type " + arg.getClass().getSimpleName());
        };
    }

    /** Whether the code holds an atomic (AMO, lr, sc): only then do tasks watch memory accesses (slower). */
    private static boolean hasAtomics(Program p) {
        for (Form f : p.form) {
            if (f == Form.AMO || f == Form.LR || f == Form.SC) {
                return true;
            }
        }
        return false;
    }

    public long blockCount() {
        return (long) grid[0] * grid[1] * grid[2];
    }

    boolean hasAtomics() {
        return hasAtomics;
    }

    /** The device of a task: the launching device's settings, one host thread per task (Spark's unit of a core). */
    DeviceConfig config(int threads) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine,
                vlen, isa == null ? DeviceIsa.all() : DeviceIsa.parse(isa));
    }

    /** Device memory as the launch finds it. */
    public byte[] input() {
        byte[] memory = new byte[(int) vramBytes];
        MemoryRun.apply(image, memory);
        return memory;
    }

    /** The blocks {@code range} of the launch, watched by {@code events} (null: none). */
    Launch launch(BlockRange range, ExecutionConsumer events) {
        Kernel k = kernel;
        if (k == null) {
            List<Segment> ss = new ArrayList<>();
            for (int i = 0; i < segmentData.length; i++) {
                ss.add(new Segment(segmentFields[i][0], segmentData[i], segmentFields[i][1], segmentFields[i][2]));
            }
            k = Kernel.fromImage(new ElfImage(kernelEntry, ss, List.of()), kernelName);
            kernel = k;   // predecoded once per task object
        }
        Launch.Builder b = Launch.builder(k, new Dim3(grid[0], grid[1], grid[2]), new Dim3(block[0], block[1], block[2]))
                .shared(sharedBytes).entry(entry).abi(abi).watchdog(watchdog).exitedArrive(exitedArrive)
                .allowMisaligned(allowMisaligned).events(events).blocks(range.first(), range.end());
        for (int a : args) {
            b.args(a);
        }
        return b.build();
    }
}
