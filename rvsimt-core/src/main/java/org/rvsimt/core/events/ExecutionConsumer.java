package org.rvsimt.core.events;

/**
 * Something that watches launches: a performance model, a sanitizer, a debugger, the trace
 * writer. Attach it with {@code LaunchOptions.withEvents} (or {@code Device.setEvents} for every
 * launch of a device).
 */
public interface ExecutionConsumer {
    /**
     * The listener of host thread {@code hostThread} (0 .. {@code hostThreads}-1) of a launch, asked
     * for before any block runs. Only that host thread calls it, so it needs no locking; blocks run
     * on several host threads at once, so listeners that share state must synchronise it.
     */
    ExecutionListener listener(int hostThread, int hostThreads);

    /** After the launch's last block, on the launching thread ({@code faulted}: it ended in a fault). */
    default void launchEnd(boolean faulted) { }

    /**
     * Whether this consumer tells the device which bytes of its allocations the launch wrote
     * ({@code Device.markInitialized}), as the initcheck does. Otherwise the device assumes after the
     * launch that it may have written every live allocation, so no later check calls them unwritten.
     */
    default boolean recordsDeviceWrites() {
        return false;
    }

    /**
     * A consumer that gives every event to {@code first}, then to {@code second} (null is none), so a
     * debugger that stops the launch stops it for the other one too.
     */
    static ExecutionConsumer both(ExecutionConsumer first, ExecutionConsumer second) {
        if (first == null) {
            return second;
        }
        if (second == null) {
            return first;
        }
        return new ExecutionConsumer() {
            @Override
            public ExecutionListener listener(int hostThread, int hostThreads) {
                return ExecutionListeners.both(first.listener(hostThread, hostThreads),
                        second.listener(hostThread, hostThreads));
            }

            @Override
            public void launchEnd(boolean faulted) {
                second.launchEnd(faulted);
                first.launchEnd(faulted);
            }

            @Override
            public boolean recordsDeviceWrites() {
                return first.recordsDeviceWrites() || second.recordsDeviceWrites();
            }
        };
    }
}
