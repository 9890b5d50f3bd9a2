package org.rvsimt.cli.split;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.fault.KernelFault;

/**
 * What one block range did, as a value a task returns: its counters, console lines (in block order) and exit
 * code or fault as the launch reports them, the bytes of device memory it changed, and the words it updated
 * with commutative atomics. A range that did something a merge cannot undo carries why in {@code refusal}.
 *
 * @param changed  the bytes whose value differs from the input image, with their new values
 * @param atomics  word address -> the atomic that updated it and its value at the end of the range
 * @param refusal  one line saying why this launch cannot be split, or null
 */
public record RangeResult(BlockRange range, long warpInstructions, long laneInstructions, List<String> console,
                          int exitCode, KernelFault fault, LaunchStatistics statistics, List<MemoryRun> changed,
                          Map<Integer, AtomicUpdate> atomics, String refusal) implements Serializable { }
