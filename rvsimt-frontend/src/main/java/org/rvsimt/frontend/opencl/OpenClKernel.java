package org.rvsimt.frontend.opencl;

import java.util.List;

/**
 * One {@code __kernel} function of a built program: where to start it and how to lay out its
 * argument block (docs/opencl.md, "Launching a kernel").
 *
 * @param name             the kernel's name in the source
 * @param entrySymbol      the ELF symbol of its entry stub ({@code __rvsimt_cl_entry_NAME}); a launch starts there
 * @param args             its arguments in order
 * @param argBlockBytes    the argument block's size: the {@value OpenClKernel#HEADER_BYTES}-byte header and every slot
 * @param staticLocalBytes shared memory its {@code __local} variables in kernel scope take (every kernel's, in fact:
 *                         they are laid out once for the program), a multiple of 16
 */
public record OpenClKernel(String name, String entrySymbol, List<OpenClArg> args, int argBlockBytes,
        int staticLocalBytes) {
    /** The header before the first argument: work_dim, then the global offsets x, y, z (4-byte words). */
    public static final int HEADER_BYTES = 16;

    public OpenClKernel {
        args = List.copyOf(args);
    }

    /**
     * The shared memory a launch needs per work-group: the kernel-scope {@code __local} variables,
     * then each {@code __local} pointer argument's size rounded up to 16 bytes, in argument order
     * (the entry stub hands out the same addresses).
     *
     * @param localArgBytes for each argument index, the size the host gave a {@code __local} argument
     *                      (entries for other arguments are ignored)
     */
    public int sharedBytes(int[] localArgBytes) {
        long total = staticLocalBytes;
        for (OpenClArg a : args) {
            if (a.kind() == ArgKind.LOCAL) {
                int n = a.index() < localArgBytes.length ? localArgBytes[a.index()] : 0;
                total += ((long) n + 15) & ~15L;
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + ": __local memory of " + total + " bytes does not fit");
        }
        return (int) total;
    }
}
