package org.rvsimt.core.api;

/**
 * Per-launch settings beyond grid, block and shared memory.
 *
 * @param entry           entry address, or null for the kernel's entry point
 * @param seedAbi         run with the seed's ABI (registers zero, ID window at 0x8000_0000)
 * @param watchdog        warp-instruction budget per warp
 * @param exitedArrive    warps that have exited count as arrived at block barriers
 * @param allowMisaligned perform misaligned loads/stores instead of faulting
 * @param threads         host threads for this launch, or 0 for the device's setting
 */
public record LaunchOptions(Integer entry, boolean seedAbi, long watchdog, boolean exitedArrive,
                            boolean allowMisaligned, int threads) {

    public static final long DEFAULT_WATCHDOG = 100_000_000L;

    public static LaunchOptions defaults() {
        return new LaunchOptions(null, false, DEFAULT_WATCHDOG, false, false, 0);
    }

    public LaunchOptions withEntry(Integer address) {
        return new LaunchOptions(address, seedAbi, watchdog, exitedArrive, allowMisaligned, threads);
    }

    public LaunchOptions withSeedAbi(boolean on) {
        return new LaunchOptions(entry, on, watchdog, exitedArrive, on || allowMisaligned, threads);
    }

    public LaunchOptions withWatchdog(long budget) {
        if (budget < 1) {
            throw new DeviceException("watchdog must be at least 1 instruction, got " + budget);
        }
        return new LaunchOptions(entry, seedAbi, budget, exitedArrive, allowMisaligned, threads);
    }

    public LaunchOptions withExitedArrive(boolean on) {
        return new LaunchOptions(entry, seedAbi, watchdog, on, allowMisaligned, threads);
    }

    public LaunchOptions withThreads(int n) {
        return new LaunchOptions(entry, seedAbi, watchdog, exitedArrive, allowMisaligned, n);
    }
}
