/**
 * The vector unit (RVV 1.0 subset): its per-warp state, decode, the per-lane execution both engines
 * call, and the host-SIMD fast paths the JIT binds when a block fixes the vector type.
 */
package org.rvsimt.core.exec.vector;
