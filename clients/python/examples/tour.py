# %% [markdown]
# # rvsimt from Python: a tour
# Run it as a script (`/usr/bin/python3 clients/python/examples/tour.py`) or cell by cell in an
# editor that understands `# %%` cells (VS Code, Jupyter's jupytext). Each cell checks its result
# against numpy.

# %%
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # not needed after pip install
import rvsimt

dev = rvsimt.Device()  # a private simulator for this process
print("VRAM", dev.vram_size >> 20, "MiB, warp size", dev.warp_size)

# %% [markdown]
# ## An OpenCL C kernel
# One work-item per element; a work-group of 256 work-items is a block of 8 warps.

# %%
source = """
__kernel void saxpy(float a, __global const float *x, __global float *y) {
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
__kernel void row_sums(__global const float *m, __global float *out, __local float *tmp, int cols) {
    int row = get_group_id(0), l = get_local_id(0);
    float s = 0;
    for (int c = l; c < cols; c += get_local_size(0)) s += m[row * cols + c];
    tmp[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k /= 2) {
        if (l < k) tmp[l] += tmp[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[row] = tmp[0];
}
"""
path = os.path.join(tempfile.mkdtemp(), "tour.cl")
with open(path, "w") as f:
    f.write(source)
prog = dev.compile(path)
print("kernels:", prog.names)

x = np.linspace(0, 1, 4096, dtype=np.float32)
y = np.ones_like(x)
expected = np.float32(3) * x + y
stats = prog.saxpy(16, 256, np.float32(3), x, y)  # y is copied back in place
assert np.allclose(y, expected, rtol=1e-6)
print("saxpy:", stats["warp_instructions"], "warp-instructions in", stats["wall_ns"] / 1e6, "ms")

# %% [markdown]
# ## Device-resident buffers and `__local` memory
# A matrix stays on the device while two kernels use it.

# %%
m = np.random.default_rng(0).standard_normal((64, 500)).astype(np.float32)
dm = dev.buffer(m)
sums = dev.buffer(shape=(64,), dtype=np.float32)
prog.row_sums(64, 128, dm, sums, rvsimt.Local(128 * 4), np.int32(500))
assert np.allclose(sums.read(), m.sum(axis=1), rtol=1e-4, atol=1e-4)
print("row sums ok:", sums.read()[:3])

# %% [markdown]
# ## The performance model's view of a launch
# `timing=True` also times the launch on a model of a GPU (the `volta` preset, docs/timing.md;
# `timing="vortex"` for the other) and returns its report as a dict.

# %%
t = prog.saxpy(16, 256, np.float32(3), x, y, timing=True)["timing"]
print("saxpy on %s: %d cycles (%.2f us), IPC %.2f, DRAM %d bytes read, %d written"
      % (t["gpu"], t["cycles"], t["duration_us"], t["ipc"], t["dram"]["read_bytes"], t["dram"]["write_bytes"]))
assert t["dram"]["read_bytes"] >= x.nbytes + y.nbytes  # saxpy must read x and y once
print("stalls:", {k: v for k, v in t["stalls"].items() if v})

# %% [markdown]
# ## Faults are exceptions with the simulator's one-line report

# %%
bad = os.path.join(os.path.dirname(path), "bad.cl")
with open(bad, "w") as f:
    f.write("__kernel void oops(__global int *p) { p[get_global_id(0) * 0x100000] = 1; }\n")
try:
    dev.compile(bad).oops(1, 64, np.zeros(4, np.int32))
except rvsimt.KernelFault as e:
    print("fault:", e.kind, "-", e)

# %%
dev.close()
