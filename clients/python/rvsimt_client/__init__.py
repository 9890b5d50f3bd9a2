"""Python client of `rvsimt serve`, the simulated GPU as a device server (standard library only;
numpy is used when installed). See docs/protocol.md and docs/device.md.

    from rvsimt_client import Gpu
    with Gpu.unix("/tmp/gpu.sock", kernel_dir="build/kernels") as gpu:
        print(gpu.add([1.0, 2.0], [3.0, 4.0]))
"""

from . import protocol, registers
from .device import CheckedFindings, Device, Interrupt, LaunchResult, LoadedKernel
from .ops import Gpu, KernelFailed
from .protocol import ProtocolError, ServerError

__all__ = ["CheckedFindings", "Device", "Gpu", "Interrupt", "KernelFailed", "LaunchResult", "LoadedKernel", "ProtocolError",
           "ServerError", "protocol", "registers"]
