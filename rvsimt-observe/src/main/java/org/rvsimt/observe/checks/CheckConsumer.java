package org.rvsimt.observe.checks;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntUnaryOperator;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;

/**
 * The sanitizer checks of a launch ({@code rvsimt run --check}) as an execution-event consumer:
 * attach it to the launch, run, then read {@link #findings()}.
 *
 * <pre>{@code
 * CheckConsumer checks = new CheckConsumer(EnumSet.allOf(Check.class), shape, layout, wordAt);
 * LaunchResult r = device.launch(launch.toBuilder().events(checks).build());
 * checks.findings().list()
 * }</pre>
 */
public final class CheckConsumer implements ExecutionConsumer {
    private final Set<Check> checks;
    private final LaunchShape shape;
    private final MemoryLayout layout;
    private final IntUnaryOperator wordAt;
    private final InitShadow init;
    private final Findings findings = new Findings();
    /** Where the bytes the launch wrote go afterwards (the host API's device), or null. */
    private BiConsumer<Integer, Integer> writeBack;

    /**
     * @param checks the checks to run
     * @param shape  the launch's block shape, warp size and shared memory
     * @param layout the launch's global memory: buffers, argument block, kernel image
     * @param wordAt the instruction word at a pc (to disassemble the other side of a race)
     */
    public CheckConsumer(Set<Check> checks, LaunchShape shape, MemoryLayout layout, IntUnaryOperator wordAt) {
        this.checks = checks.isEmpty() ? EnumSet.noneOf(Check.class) : EnumSet.copyOf(checks);
        this.shape = shape;
        this.layout = layout;
        this.wordAt = wordAt;
        InitShadow s = new InitShadow(layout);
        this.init = this.checks.contains(Check.INITCHECK) && s.tracks() ? s : null;
    }

    /**
     * After the launch, tells {@code sink} (address, length) which bytes of the regions initcheck
     * tracks hold data, so the next launch's initcheck knows what this one wrote.
     */
    public CheckConsumer writingBackTo(BiConsumer<Integer, Integer> sink) {
        this.writeBack = sink;
        return this;
    }

    @Override
    public boolean recordsDeviceWrites() {
        return writeBack != null && checks.contains(Check.INITCHECK);
    }

    @Override
    public void launchEnd(boolean faulted) {
        if (writeBack != null && init != null) {
            init.forEachWritten(writeBack);
        }
    }

    @Override
    public ExecutionListener listener(int hostThread, int hostThreads) {
        return new CheckListener(this);
    }

    public Set<Check> checks() {
        return EnumSet.copyOf(checks.isEmpty() ? EnumSet.noneOf(Check.class) : checks);
    }

    public Findings findings() {
        return findings;
    }

    boolean enabled(Check c) {
        return checks.contains(c);
    }

    LaunchShape shape() {
        return shape;
    }

    MemoryLayout layout() {
        return layout;
    }

    InitShadow init() {
        return init;
    }

    int word(int pc) {
        return wordAt.applyAsInt(pc);
    }
}
