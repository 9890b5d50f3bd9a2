/**
 * The loaded kernel: the predecoded instruction columns ({@link org.rvsimt.core.exec.program.Program}),
 * how they are decoded and where divergent paths reconverge. Read-only once built, shared by every
 * host thread of a launch.
 */
package org.rvsimt.core.exec.program;
