"""rvsimt: a Python host API for the rvsimt SIMT GPU simulator (numpy in, numpy out).

    import numpy as np, rvsimt
    dev = rvsimt.Device()                      # a private `rvsimt serve`, or RVSIMT_SERVER
    k = dev.compile("vecadd.cl")               # .cl (OpenCL C), .c (C kernels) or .S (assembly)
    a = np.arange(1024, dtype=np.float32); c = np.empty_like(a)
    stats = k.vecadd(4, 256, a, a, c, np.int32(1024))   # grid, block, then the kernel's arguments
    print(c[:4], stats["warp_instructions"])

See clients/python/README.md and docs/opencl.md.
"""
from .device import Buffer, Device, Kernel, Local, Module
from .errors import ArgumentError, BuildError, KernelFault, RvsimtError

__all__ = ["ArgumentError", "Buffer", "BuildError", "Device", "Kernel", "KernelFault", "Local", "Module", "RvsimtError"]
