package org.rvsimt.cli.split;

import java.io.Serializable;

/**
 * A word of global memory a block range updated with a commutative atomic: which one (first seen at {@code pc})
 * and the value the word held when the range ended.
 */
public record AtomicUpdate(CommutativeAtomic op, int pc, int result) implements Serializable { }
