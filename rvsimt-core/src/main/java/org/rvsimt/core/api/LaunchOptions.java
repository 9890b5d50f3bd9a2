package org.rvsimt.core.api;

import org.rvsimt.core.events.ExecutionConsumer;

/**
 * Per-launch settings beyond grid, block and shared memory, for {@link Device#launch(Kernel, Dim3,
 * Dim3, int, LaunchOptions, Object...)}; {@link Launch.Builder#options} takes them over.
 *
 * @param entry           entry address, or null for the kernel's entry point
 * @param abi             how threads start (the native ABI, or the seed's: registers zero, ID window at 0x8000_0000)
 * @param watchdog        warp-instruction budget per warp
 * @param exitedArrive    warps that have exited count as arrived at block barriers
 * @param allowMisaligned perform misaligned loads/stores instead of faulting
 * @param threads         host threads for this launch, or 0 for the device's setting
 * @param events          the consumer of this launch's execution events, or null (then the engines run
 *                        no event code)
 */
public record LaunchOptions(Integer entry, Abi abi, long watchdog, boolean exitedArrive,
                            boolean allowMisaligned, int threads, ExecutionConsumer events) {

    public LaunchOptions(Integer entry, Abi abi, long watchdog, boolean exitedArrive, boolean allowMisaligned,
                         int threads) {
        this(entry, abi, watchdog, exitedArrive, allowMisaligned, threads, null);
    }

    public static final long DEFAULT_WATCHDOG = 100_000_000L;

    public static LaunchOptions defaults() {
        return new LaunchOptions(null, Abi.NATIVE, DEFAULT_WATCHDOG, false, false, 0);
    }

    public boolean seedAbi() {
        return abi == Abi.SEED;
    }

    public LaunchOptions withEntry(Integer address) {
        return new LaunchOptions(address, abi, watchdog, exitedArrive, allowMisaligned, threads, events);
    }

    /** The ABI; the seed's also performs misaligned accesses, as the seed did. */
    public LaunchOptions withAbi(Abi a) {
        return new LaunchOptions(entry, a, watchdog, exitedArrive, a == Abi.SEED || allowMisaligned, threads, events);
    }

    public LaunchOptions withSeedAbi(boolean on) {
        return withAbi(on ? Abi.SEED : Abi.NATIVE);
    }

    public LaunchOptions withWatchdog(long budget) {
        if (budget < 1) {
            throw new DeviceException("watchdog must be at least 1 instruction, got " + budget);
        }
        return new LaunchOptions(entry, abi, budget, exitedArrive, allowMisaligned, threads, events);
    }

    public LaunchOptions withExitedArrive(boolean on) {
        return new LaunchOptions(entry, abi, watchdog, on, allowMisaligned, threads, events);
    }

    public LaunchOptions withThreads(int n) {
        return new LaunchOptions(entry, abi, watchdog, exitedArrive, allowMisaligned, n, events);
    }

    /** Attaches {@code consumer} to the launch's execution events (null: none). */
    public LaunchOptions withEvents(ExecutionConsumer consumer) {
        return new LaunchOptions(entry, abi, watchdog, exitedArrive, allowMisaligned, threads, consumer);
    }
}
