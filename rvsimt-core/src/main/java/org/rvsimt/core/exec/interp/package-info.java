/**
 * The reference interpreter, the oracle every faster engine is compared with: its dispatch over
 * instruction forms, its lane loops (IntLanes, MemoryLanes, FloatLanes, which choose the operation
 * once per warp-instruction), and the per-lane memory accesses it shares with compiled blocks.
 */
package org.rvsimt.core.exec.interp;
