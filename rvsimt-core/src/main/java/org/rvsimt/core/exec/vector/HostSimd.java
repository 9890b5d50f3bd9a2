package org.rvsimt.core.exec.vector;

import org.rvsimt.core.exec.jit.SimdLanes;

/**
 * Whether the JDK's Vector API (the incubating module {@code jdk.incubator.vector}) is in this
 * process. The {@code rvsimt} launcher adds it, for the host-SIMD lane loops of {@link SimdLanes}
 * and {@link VectorFastPath}; a plain {@code java -jar} or {@code java -cp} start (an embedding
 * application, the device server's own entry point) may not, and then runs the same instructions
 * through the scalar code, with the same results. Adding the module makes the JVM print a warning on
 * stderr at start-up that no option switches off, so leaving it out is a legitimate choice.
 * This class names no Vector API type: reading {@link #AVAILABLE} never loads one.
 */
public final class HostSimd {
    /** True when the Vector API module was resolved at start-up ({@code --add-modules=jdk.incubator.vector}). */
    public static final boolean AVAILABLE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private HostSimd() { }
}
