/**
 * One launch and the block state every engine shares: {@link org.rvsimt.core.exec.LaunchRunner} hands
 * blocks to host threads, {@link org.rvsimt.core.exec.BlockRunner} schedules a block's warps, and
 * {@link org.rvsimt.core.exec.BlockContext} holds what a host thread keeps while it runs one block. An
 * engine is a {@link org.rvsimt.core.exec.WarpEngine}; the engines live in the sub-packages.
 */
package org.rvsimt.core.exec;
