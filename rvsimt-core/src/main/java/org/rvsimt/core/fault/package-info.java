/**
 * What a faulted launch reports: the {@link org.rvsimt.core.fault.KernelFault} (kind, pc, lanes, the
 * flight-recorder tail) and how its tail folds repeated loop passes.
 */
package org.rvsimt.core.fault;
