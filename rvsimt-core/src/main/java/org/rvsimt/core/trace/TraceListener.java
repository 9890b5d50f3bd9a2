package org.rvsimt.core.trace;

/**
 * A consumer of decoded trace records: a live view registered with
 * {@link BinaryTracer#addListener}, or anything fed by a trace file reader. Calls come from one
 * thread at a time, in trace order: {@code schema} first, a launch's {@code program} before its
 * records, {@code drops} at the end of each launch, {@code end} last.
 */
public interface TraceListener {

    default void schema(TraceSchema schema) { }

    default void program(TraceProgram program) { }

    /** One record; {@code source} is the host thread (0-based) or {@link TraceFormat#SOURCE_TRACER}. */
    void record(int source, TraceRecord record);

    default void drops(DropReport drops) { }

    /**
     * The trace is complete. {@code fastDropped}/{@code slowDropped} total the rings' drops; for a live
     * listener {@code listenerDropped} counts what its own queue could not take (0 when read from a file).
     */
    default void end(long fastDropped, long slowDropped, long listenerDropped) { }
}
