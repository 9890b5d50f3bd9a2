package org.rvsimt.isa.semantics;

import java.io.Serializable;

/**
 * The shape of an integer ALU operation's semantic method: rd = apply(rs1, rs2 or the immediate).
 * Declarations hold it as a method reference ({@code IntOps::add}); it is Serializable so that an
 * engine can read which static method the reference names (the JIT compiles a direct call to it).
 */
@FunctionalInterface
public interface IntBinary extends Serializable {
    int apply(int a, int b);
}
