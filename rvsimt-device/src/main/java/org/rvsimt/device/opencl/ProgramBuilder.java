package org.rvsimt.device.opencl;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rvsimt.frontend.opencl.OpenClBuildException;
import org.rvsimt.frontend.opencl.OpenClCompiler;
import org.rvsimt.frontend.opencl.OpenClProgram;
import org.rvsimt.isa.elf.ElfFormatException;

/**
 * BUILD_PROGRAM's work: builds OpenCL C with the OpenCL front end and packs the result as a
 * {@link ProgramContainer}. A program that does not build is a normal answer (status and log,
 * which clGetProgramBuildInfo shows), never a protocol error.
 */
public final class ProgramBuilder {
    private ProgramBuilder() { }

    /** BUILD_PROGRAM's status field. */
    public enum Status {
        BUILT(0), BUILD_ERROR(1), INVALID_OPTIONS(2);

        private final int code;

        Status(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** The outcome: the container is empty unless the status is {@link Status#BUILT}. */
    public record Result(Status status, String log, byte[] container) { }

    /** Recent builds by (options, source, VRAM size): host programs rebuild the same source often. */
    private static final int CACHED = 32;
    private static final Map<String, Result> CACHE = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Result> eldest) {
                    return size() > CACHED;
                }
            });

    public static Result build(String source, String options, long vramSize) {
        String key = (options == null ? "" : options) + '\0' + vramSize + '\0' + source;
        Result cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        Result r = compile(source, options, vramSize);
        CACHE.put(key, r);
        return r;
    }

    private static Result compile(String source, String options, long vramSize) {
        try {
            OpenClProgram p = OpenClCompiler.build(source, options);
            return new Result(Status.BUILT, p.buildLog(), ProgramContainer.encode(p, vramSize));
        } catch (OpenClBuildException e) {
            String log = e.buildLog() == null || e.buildLog().isBlank() ? e.getMessage() + "\n" : e.buildLog();
            return new Result(e.invalidOptions() ? Status.INVALID_OPTIONS : Status.BUILD_ERROR, log, new byte[0]);
        } catch (ElfFormatException | RuntimeException e) {
            return new Result(Status.BUILD_ERROR, "rvsimt: the built program cannot be loaded: " + e.getMessage() + "\n",
                    new byte[0]);
        }
    }
}
