package org.rvsimt.frontend.opencl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Fills one launch's argument block for a kernel (the layout of docs/opencl.md): the header
 * (work_dim, global offsets) and each argument's slot, and sums the {@code __local} sizes into the
 * launch's shared-memory size. {@link #words()} is what {@code Launch.Builder.args} takes (one
 * Integer per 32-bit word); a host that writes the block into device memory itself uses
 * {@link #bytes()}.
 */
public final class OpenClArgBlock {
    private final OpenClKernel kernel;
    private final ByteBuffer block;
    private final int[] localBytes;
    private final boolean[] set;

    public OpenClArgBlock(OpenClKernel kernel) {
        this.kernel = kernel;
        this.block = ByteBuffer.allocate(kernel.argBlockBytes()).order(ByteOrder.LITTLE_ENDIAN);
        this.localBytes = new int[kernel.args().size()];
        this.set = new boolean[kernel.args().size()];
        block.putInt(0, 1);
    }

    /** work_dim (1..3) and the global offsets (OpenCL's global_work_offset; zeros when none). */
    public OpenClArgBlock ndrange(int workDim, long... globalOffset) {
        if (workDim < 1 || workDim > 3) {
            throw new IllegalArgumentException("work_dim " + workDim + " is not 1, 2 or 3");
        }
        block.putInt(0, workDim);
        for (int d = 0; d < 3; d++) {
            block.putInt(4 + 4 * d, d < globalOffset.length ? (int) globalOffset[d] : 0);
        }
        return this;
    }

    /** A {@code __global} or {@code __constant} pointer argument: the buffer's device address. */
    public OpenClArgBlock buffer(int index, int address) {
        OpenClArg a = arg(index, ArgKind.BUFFER);
        block.putInt(a.offset(), address);
        set[index] = true;
        return this;
    }

    /** A {@code __local} pointer argument: how many bytes each work-group gets. */
    public OpenClArgBlock local(int index, int bytes) {
        OpenClArg a = arg(index, ArgKind.LOCAL);
        if (bytes <= 0) {
            throw new IllegalArgumentException("__local argument " + a.name() + ": size " + bytes + " is not positive");
        }
        block.putInt(a.offset(), bytes);
        localBytes[index] = bytes;
        set[index] = true;
        return this;
    }

    /** A by-value argument: its bytes, little-endian, exactly {@link OpenClArg#size()} of them. */
    public OpenClArgBlock value(int index, byte[] bytes) {
        OpenClArg a = arg(index, ArgKind.VALUE);
        if (bytes.length != a.size()) {
            throw new IllegalArgumentException("argument " + a.name() + " (" + a.typeName() + ") takes " + a.size()
                    + " bytes, not " + bytes.length);
        }
        block.put(a.offset(), bytes);
        set[index] = true;
        return this;
    }

    public OpenClArgBlock intValue(int index, int v) {
        return value(index, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
    }

    public OpenClArgBlock floatValue(int index, float v) {
        return value(index, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(v).array());
    }

    /** Whether every argument has been given. */
    public boolean complete() {
        for (boolean b : set) {
            if (!b) {
                return false;
            }
        }
        return true;
    }

    /** The first argument not given yet, or -1. */
    public int firstMissing() {
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                return i;
            }
        }
        return -1;
    }

    public byte[] bytes() {
        return Arrays.copyOf(block.array(), block.capacity());
    }

    /** The block as 32-bit words, boxed for {@code Launch.Builder.args}. */
    public Object[] words() {
        Object[] w = new Object[block.capacity() / 4];
        for (int i = 0; i < w.length; i++) {
            w[i] = block.getInt(4 * i);
        }
        return w;
    }

    /** Shared memory per work-group: kernel-scope {@code __local} variables and the {@code __local} arguments. */
    public int sharedBytes() {
        return kernel.sharedBytes(localBytes);
    }

    private OpenClArg arg(int index, ArgKind kind) {
        if (index < 0 || index >= kernel.args().size()) {
            throw new IllegalArgumentException(kernel.name() + " has " + kernel.args().size() + " arguments, not an argument "
                    + index);
        }
        OpenClArg a = kernel.args().get(index);
        if (a.kind() != kind) {
            throw new IllegalArgumentException("argument " + index + " (" + a.name() + ") of " + kernel.name() + " is "
                    + a.kind() + ", not " + kind);
        }
        return a;
    }
}
