/**
 * The reference interpreter, the oracle every faster engine is compared with, and the per-lane
 * memory accesses it shares with compiled blocks.
 */
package org.rvsimt.core.exec.interp;
