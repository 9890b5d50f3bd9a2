/**
 * A warp's state and SIMT control: the active mask, the reconvergence stack, split and join.
 */
package org.rvsimt.core.exec.simt;
