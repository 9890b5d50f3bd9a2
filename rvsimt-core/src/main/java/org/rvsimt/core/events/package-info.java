/**
 * Execution events: what a consumer attached to a launch sees of it, instruction by instruction.
 *
 * <p>A {@link org.rvsimt.core.events.ExecutionConsumer} is attached to a launch; the launch asks it
 * for one {@link org.rvsimt.core.events.ExecutionListener} per host thread, and the engines call that
 * listener from that thread only, in program order for each warp: warp start, an
 * {@link org.rvsimt.core.events.InstructionRun} on the summary channel per run of straight-line
 * instructions (a compiled block, or one interpreted instruction), an
 * {@link org.rvsimt.core.events.InstructionEvent} before every warp-instruction (with each active
 * lane's memory access) when the listener asks for it, divergence and reconvergence, barrier arrival
 * and release, warp exit and faults. Both engines deliver the same instruction events. The launch
 * statistics and the flight recorder behind fault reports are listeners on the summary channel; the
 * trace writer takes every instruction event. When no listener of a launch asks for instruction
 * events, compiled blocks carry no event code.
 */
package org.rvsimt.core.events;
