/**
 * The JIT engine: basic blocks compiled to JVM bytecode (with host-SIMD lane loops where they pay),
 * cached per program and compiled in the background once hot; what it leaves out runs in the
 * interpreter.
 */
package org.rvsimt.core.exec.jit;
