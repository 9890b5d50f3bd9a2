/**
 * What watches a launch from inside rvsimt, as listeners of its execution events: the per-instruction
 * profile behind the launch statistics and the flight recorder behind fault reports' tails; and the
 * engines' side of event delivery (the instruction events, the runs of the summary channel).
 */
package org.rvsimt.core.exec.observe;
