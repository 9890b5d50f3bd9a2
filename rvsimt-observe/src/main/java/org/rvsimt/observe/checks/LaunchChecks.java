package org.rvsimt.observe.checks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.elf.Segment;

/**
 * Builds the checks of one launch from what the host knows: which buffers exist and what they are
 * called, which of them it initialized, which it freed. The argument block (when the device builds
 * it) and the segments of the kernel image are regions too.
 *
 * <p>From the host API, {@link #of(Set, Device, Launch)} takes the device's own record of its
 * allocations:
 * <pre>{@code
 * CheckConsumer checks = LaunchChecks.of(EnumSet.allOf(Check.class), gpu, launch);
 * LaunchResult r = gpu.launch(launch.toBuilder().events(checks).build());
 * checks.findings().list()
 * }</pre>
 */
public final class LaunchChecks {
    private LaunchChecks() { }

    /**
     * The checks of a launch of the host API: every allocation of {@code device} is a region (an
     * argument buffer named {@code args[i]}, others {@code allocation at 0x...}), the ones it freed
     * too (accesses to them are use after free), and initcheck knows which bytes hold data. After
     * the launch the checks tell the device which bytes the kernel wrote.
     */
    public static CheckConsumer of(Set<Check> checks, Device device, Launch launch) {
        Map<Integer, String> argNames = new HashMap<>();
        List<Object> args = launch.args();
        for (int i = args.size() - 1; i >= 0; i--) {
            if (args.get(i) instanceof Buffer b) {
                argNames.put(b.address(), "args[" + i + "]");
            }
        }
        List<Region> regions = new ArrayList<>();
        for (Device.Allocation a : device.allocations()) {
            String name = argNames.getOrDefault(a.address(), String.format("allocation at 0x%08x", a.address()));
            Region.State state = a.freed() ? Region.State.FREED
                    : a.initialized().cardinality() == a.size() ? Region.State.INITIALIZED : Region.State.UNINITIALIZED;
            regions.add(new Region(name, a.address(), a.size(), state, a.initialized()));
        }
        launchRegions(launch, regions);
        return consumer(checks, launch, device.config().warpSize(), regions).writingBackTo(device::markInitialized);
    }

    /**
     * @param checks        the checks to run
     * @param launch        the launch (kernel, block shape, shared memory, arguments)
     * @param warpSize      the device's warp size
     * @param named         buffers by name (a buffer argument not named here is called {@code args[i]})
     * @param uninitialized names of buffers whose contents the host did not write (initcheck)
     */
    public static CheckConsumer of(Set<Check> checks, Launch launch, int warpSize, Map<String, Buffer> named,
                                   Set<String> uninitialized) {
        List<Region> regions = new ArrayList<>();
        Map<Buffer, Boolean> seen = new IdentityHashMap<>();
        named.forEach((name, b) -> {
            seen.put(b, true);
            regions.add(new Region(name, b.address(), b.size(), !uninitialized.contains(name)));
        });
        List<Object> args = launch.args();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) instanceof Buffer b && !seen.containsKey(b)) {
                seen.put(b, true);
                regions.add(new Region("args[" + i + "]", b.address(), b.size(), true));
            }
        }
        launchRegions(launch, regions);
        return consumer(checks, launch, warpSize, regions);
    }

    /**
     * The checks of a launch whose host described its own allocations (a device-protocol client):
     * {@code regions}, plus the kernel image's segments and the argument block the device builds.
     */
    public static CheckConsumer of(Set<Check> checks, Launch launch, int warpSize, List<Region> regions) {
        List<Region> all = new ArrayList<>(regions);
        launchRegions(launch, all);
        return consumer(checks, launch, warpSize, all);
    }

    /** The regions the launch brings itself: the argument block the device builds, the kernel image. */
    private static void launchRegions(Launch launch, List<Region> regions) {
        if (launch.argumentAddress() == null && !launch.args().isEmpty()) {
            regions.add(new Region("arguments", MemoryMap.ARGS_BASE, 4 * launch.args().size(), true));
        }
        for (Segment s : launch.kernel().image().segments()) {
            long start = Integer.toUnsignedLong(s.vaddr());
            long end = start + s.memSizeUnsigned();
            // A host that named the whole image (a device-protocol client) already covers it.
            if (regions.stream().noneMatch(r -> r.start() <= start && end <= r.end())) {
                regions.add(new Region("kernel image", s.vaddr(), s.memSize(), true));
            }
        }
    }

    private static CheckConsumer consumer(Set<Check> checks, Launch launch, int warpSize, List<Region> regions) {
        LaunchShape shape = new LaunchShape(launch.block().x(), launch.block().y(), launch.block().z(), warpSize,
                launch.sharedBytes());
        Program program = launch.kernel().program();
        return new CheckConsumer(checks, shape, new MemoryLayout(regions),
                pc -> program.contains(pc) ? program.word(pc) : 0);
    }
}
