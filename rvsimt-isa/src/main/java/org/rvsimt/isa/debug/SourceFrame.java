package org.rvsimt.isa.debug;

/**
 * One frame of the source-level view of a pc: a function and where in it the pc is. For an
 * instruction of inlined code, the frames go from the inlined function outwards, each next
 * frame's location being the call site of the previous one, as {@code llvm-symbolizer} prints
 * them. {@code location} is null when unknown; {@code inlined} is true for every frame but the
 * outermost (the function that exists in the executable).
 */
public record SourceFrame(String function, SourceLocation location, boolean inlined) {

    /** {@code function at file:line:column}, or just the function when the location is unknown. */
    @Override
    public String toString() {
        return location == null ? function : function + " at " + location;
    }
}
