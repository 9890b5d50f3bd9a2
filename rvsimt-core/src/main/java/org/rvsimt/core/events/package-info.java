/**
 * Execution events: what a consumer attached to a launch sees of it, instruction by instruction.
 *
 * <p>A {@link org.rvsimt.core.events.ExecutionConsumer} is attached to a launch; the launch asks it
 * for one {@link org.rvsimt.core.events.ExecutionListener} per host thread, and the engines call that
 * listener from that thread only, in program order for each warp: warp start, an
 * {@link org.rvsimt.core.events.InstructionEvent} before every warp-instruction (with each active
 * lane's memory access), divergence and reconvergence, barrier arrival and release, warp exit and
 * faults. Both engines deliver the same stream. With no consumer attached the engines run no event
 * code at all (compiled blocks are compiled without it).
 */
package org.rvsimt.core.events;
