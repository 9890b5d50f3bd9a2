package org.rvsimt.core.api;

import java.util.function.Supplier;
import org.rvsimt.core.exec.interp.Interpreter;
import org.rvsimt.core.exec.jit.JitEngine;
import org.rvsimt.core.exec.WarpEngine;

/** The execution engines; both run every kernel with the same results. The label is the CLI's and JSON's spelling. */
public enum Engine {
    /** One instruction at a time, for all active lanes. */
    INTERP("interp", Interpreter::new),
    /** Compiles basic blocks to JVM bytecode; the interpreter runs what the compiler leaves out. */
    JIT("jit", JitEngine::new);

    private final String label;
    private final Supplier<WarpEngine> factory;

    Engine(String label, Supplier<WarpEngine> factory) {
        this.label = label;
        this.factory = factory;
    }

    public String label() {
        return label;
    }

    /** A new engine instance (each host thread of a launch has its own). */
    WarpEngine newEngine() {
        return factory.get();
    }

    /** The engine called {@code label}; {@link DeviceException} when there is none. */
    public static Engine parse(String label) {
        for (Engine e : values()) {
            if (e.label.equals(label)) {
                return e;
            }
        }
        throw new DeviceException("engine must be interp or jit, got '" + label + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
