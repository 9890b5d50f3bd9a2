package org.rvsimt.core.api;

import org.rvsimt.core.events.ExecutionConsumer;

/**
 * Per-launch settings beyond grid, block and shared memory.
 *
 * @param entry           entry address, or null for the kernel's entry point
 * @param seedAbi         run with the seed's ABI (registers zero, ID window at 0x8000_0000)
 * @param watchdog        warp-instruction budget per warp
 * @param exitedArrive    warps that have exited count as arrived at block barriers
 * @param allowMisaligned perform misaligned loads/stores instead of faulting
 * @param threads         host threads for this launch, or 0 for the device's setting
 * @param events          the consumer of this launch's execution events, or null (then the engines run
 *                        no event code)
 */
public record LaunchOptions(Integer entry, boolean seedAbi, long watchdog, boolean exitedArrive,
                            boolean allowMisaligned, int threads, ExecutionConsumer events) {

    public LaunchOptions(Integer entry, boolean seedAbi, long watchdog, boolean exitedArrive, boolean allowMisaligned,
                         int threads) {
        this(entry, seedAbi, watchdog, exitedArrive, allowMisaligned, threads, null);
    }

    public static final long DEFAULT_WATCHDOG = 100_000_000L;

    public static LaunchOptions defaults() {
        return new LaunchOptions(null, false, DEFAULT_WATCHDOG, false, false, 0);
    }

    public LaunchOptions withEntry(Integer address) {
        return new LaunchOptions(address, seedAbi, watchdog, exitedArrive, allowMisaligned, threads, events);
    }

    public LaunchOptions withSeedAbi(boolean on) {
        return new LaunchOptions(entry, on, watchdog, exitedArrive, on || allowMisaligned, threads, events);
    }

    public LaunchOptions withWatchdog(long budget) {
        if (budget < 1) {
            throw new DeviceException("watchdog must be at least 1 instruction, got " + budget);
        }
        return new LaunchOptions(entry, seedAbi, budget, exitedArrive, allowMisaligned, threads, events);
    }

    public LaunchOptions withExitedArrive(boolean on) {
        return new LaunchOptions(entry, seedAbi, watchdog, on, allowMisaligned, threads, events);
    }

    public LaunchOptions withThreads(int n) {
        return new LaunchOptions(entry, seedAbi, watchdog, exitedArrive, allowMisaligned, n, events);
    }

    /** Attaches {@code consumer} to the launch's execution events (null: none). */
    public LaunchOptions withEvents(ExecutionConsumer consumer) {
        return new LaunchOptions(entry, seedAbi, watchdog, exitedArrive, allowMisaligned, threads, consumer);
    }
}
