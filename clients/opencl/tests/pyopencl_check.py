"""PyOpenCL on a platform, end to end: context, queue, buffers, a program from source, kernels
with __local memory, events; results are checked against numpy on the host.

    /usr/bin/python3 pyopencl_check.py PLATFORM      (a substring of the platform's name)

Prints one line per check; exit code 0 when all passed.
"""
import sys

import numpy as np
import pyopencl as cl

SOURCE = """
__kernel void saxpy(float a, __global const float *x, __global float *y) {
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
__kernel void block_sums(__global const int *in, __global int *out, __local int *tmp) {
    int l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = tmp[0];
}
"""


def main(want: str) -> int:
    platform = next(p for p in cl.get_platforms() if want in p.name)
    device = platform.get_devices()[0]
    ctx = cl.Context([device])
    queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    program = cl.Program(ctx, SOURCE).build()
    failures = 0

    rng = np.random.default_rng(7)
    x = rng.standard_normal(4096).astype(np.float32)
    y = rng.standard_normal(4096).astype(np.float32)
    mf = cl.mem_flags
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    event = program.saxpy(queue, x.shape, (64,), np.float32(2.5), dx, dy)
    event.wait()
    out = np.empty_like(y)
    cl.enqueue_copy(queue, out, dy)
    # OpenCL C may contract a*x + y into one fused multiply-add (clang does by default), so the
    # reference is the exact value and the tolerance one rounding of each operation
    expected = 2.5 * x.astype(np.float64) + y.astype(np.float64)
    if not np.allclose(out, expected, rtol=2e-7, atol=1e-6):
        print("saxpy: wrong results", file=sys.stderr)
        failures += 1
    print("saxpy ok, profiled", event.profile.end >= event.profile.start)

    data = rng.integers(-1000, 1000, 8192).astype(np.int32)
    din = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    dsums = cl.Buffer(ctx, mf.WRITE_ONLY, size=(8192 // 128) * 4)
    program.block_sums(queue, data.shape, (128,), din, dsums, cl.LocalMemory(128 * 4))
    sums = np.empty(8192 // 128, dtype=np.int32)
    cl.enqueue_copy(queue, sums, dsums)
    if not np.array_equal(sums, data.reshape(-1, 128).sum(axis=1)):
        print("block_sums: wrong results", file=sys.stderr)
        failures += 1
    print("block_sums ok, total", int(sums.sum()))

    try:
        cl.Program(ctx, "__kernel void k(__global int *p) { p[0] = nope; }").build()
        print("a broken program built", file=sys.stderr)
        failures += 1
    except cl.RuntimeError as e:
        print("build error reported:", "nope" in str(e))
    queue.finish()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "rvsimt"))
