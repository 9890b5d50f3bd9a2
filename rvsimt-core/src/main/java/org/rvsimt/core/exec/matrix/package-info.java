/**
 * The matrix unit: tile registers per warp, decode and execution, shared by both engines.
 */
package org.rvsimt.core.exec.matrix;
