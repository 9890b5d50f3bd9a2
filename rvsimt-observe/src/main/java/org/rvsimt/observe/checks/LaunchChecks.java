package org.rvsimt.observe.checks;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.exec.Program;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.elf.Segment;

/**
 * Builds the checks of one launch from what the host knows: which buffers exist and what they are
 * called, which of them it initialized. The argument block (when the device builds it) and the
 * segments of the kernel image are regions too.
 */
public final class LaunchChecks {
    private LaunchChecks() { }

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
        if (launch.argumentAddress() == null && !args.isEmpty()) {
            regions.add(new Region("arguments", MemoryMap.ARGS_BASE, 4 * args.size(), true));
        }
        for (Segment s : launch.kernel().image().segments()) {
            regions.add(new Region("kernel image", s.vaddr(), s.memSize(), true));
        }
        LaunchShape shape = new LaunchShape(launch.block().x(), launch.block().y(), launch.block().z(), warpSize,
                launch.sharedBytes());
        Program program = launch.kernel().program();
        return new CheckConsumer(checks, shape, new MemoryLayout(regions),
                pc -> program.contains(pc) ? program.word(pc) : 0);
    }
}
