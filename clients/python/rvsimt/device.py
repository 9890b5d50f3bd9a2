"""rvsimt.Device: compile kernels and launch them on numpy arrays.

    import numpy as np, rvsimt
    dev = rvsimt.Device()
    k = dev.compile("vecadd.cl")
    a = np.arange(1024, dtype=np.float32); b = 2 * a; c = np.empty_like(a)
    stats = k.vecadd(4, 256, a, b, c, np.int32(1024))      # grid of 4 blocks of 256 threads
    assert (c == a + b).all(); print(stats["warp_instructions"])
"""
import json
import os
import struct
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from rvsimt_client import Device as _Connection
from rvsimt_client import ServerError
from rvsimt_client import protocol as P

from .errors import ArgumentError, BuildError, KernelFault, RvsimtError
from .program import BUFFER, LOCAL, OPENCL_HEADER_BYTES, VALUE, KernelInfo, Program, parse_container, parse_kernel_build
from .server import PrivateServer, parse_address

BUILD_PROGRAM = 0x000E
BUILD_KERNEL = 0x000F
HEAP_START = 0x100000       # VRAM below 1 MiB holds kernel images (docs/kernel-abi.md)
ALIGN = 128

Dims = Union[int, Sequence[int]]


def _dims(d: Dims) -> Tuple[int, int, int]:
    t = (int(d),) if np.isscalar(d) else tuple(int(x) for x in d)
    if not 1 <= len(t) <= 3 or any(x < 1 for x in t):
        raise ArgumentError("grid and block need 1 to 3 positive sizes, got %r" % (d,))
    return t + (1,) * (3 - len(t))  # type: ignore[return-value]


class Local:
    """A `__local` argument of an OpenCL kernel: `nbytes` of shared memory per work-group."""

    def __init__(self, nbytes: int) -> None:
        if nbytes <= 0:
            raise ArgumentError("__local size must be positive, got %d" % nbytes)
        self.nbytes = int(nbytes)


class Buffer:
    """Device memory that stays on the device between launches; pass it as a kernel argument."""

    def __init__(self, device: "Device", address: int, nbytes: int, dtype: np.dtype, shape: Tuple[int, ...]) -> None:
        self.device, self.address, self.nbytes, self.dtype, self.shape = device, address, nbytes, dtype, shape

    def write(self, array: np.ndarray) -> None:
        data = np.ascontiguousarray(array).tobytes()
        if len(data) != self.nbytes:
            raise ArgumentError("writing %d bytes into a buffer of %d" % (len(data), self.nbytes))
        self.device._write(self.address, data)

    def read(self) -> np.ndarray:
        return np.frombuffer(self.device._read(self.address, self.nbytes), dtype=self.dtype).reshape(self.shape).copy()

    def free(self) -> None:
        if self.address:
            self.device._free(self.address)
            self.address = 0


class Kernel:
    """One kernel function of a compiled file: call it as kernel(grid, block, *args)."""

    def __init__(self, module: "Module", info: KernelInfo) -> None:
        self.module, self.info = module, info
        self.last_statistics: Dict[str, Any] = {}

    def __repr__(self) -> str:
        return "<rvsimt kernel %s of %s>" % (self.info.name, self.module.path)

    def __call__(self, grid: Dims, block: Dims, *args: Any, timeout_ms: int = 0,
                 timing: Union[bool, str] = False) -> Dict[str, Any]:
        """Launches the kernel; returns its statistics. timing=True (or a GPU preset name, "volta" or
        "vortex") also times it with the performance model: the statistics' "timing" is its report."""
        gpu = None if timing is False else "" if timing is True else str(timing)
        return self.module.device._launch(self, _dims(grid), _dims(block), args, timeout_ms, gpu)


class Module:
    """A compiled source file; its kernels are attributes (`module.vecadd`) and `module[name]`."""

    def __init__(self, device: "Device", path: str, program: Program, log: str) -> None:
        self.device, self.path, self.program, self.log = device, path, program, log
        self._kernels = {name: Kernel(self, info) for name, info in program.kernels.items()}

    @property
    def names(self) -> List[str]:
        return sorted(self._kernels)

    def __getitem__(self, name: str) -> Kernel:
        try:
            return self._kernels[name]
        except KeyError:
            raise RvsimtError("%s has no kernel %s (it has %s)" % (self.path, name, ", ".join(self.names))) from None

    def __getattr__(self, name: str) -> Kernel:
        if name.startswith("_"):
            raise AttributeError(name)
        return self[name]


class Device:
    """One simulated device (its own VRAM), on the server named by `server` or RVSIMT_SERVER, else on
    a private `rvsimt serve` started for this process."""

    def __init__(self, server: Optional[str] = None, server_args: Optional[List[str]] = None) -> None:
        spec = server or os.environ.get("RVSIMT_SERVER")
        self._server: Optional[PrivateServer] = None
        if not spec:
            self._server = PrivateServer(server_args)
            spec = self._server.socket_path
        kind, where = parse_address(spec)
        try:
            self._conn = _Connection.unix(where) if kind == "unix" else _Connection.tcp(*where)  # type: ignore[misc]
        except OSError as e:
            raise RvsimtError("cannot reach the rvsimt server at %s: %s" % (spec, e)) from None
        self._conn.timeout = None
        self._lock = threading.RLock()
        self._used: List[Tuple[int, int]] = []        # sorted (start, end) of allocated VRAM
        self._resident: Optional[bytes] = None        # the ELF loaded now
        self.vram_size = self._conn.vram_size
        self.warp_size = (self._conn.dev_caps >> 16) & 0xFF

    # ------------------------------------------------------------------ memory
    def _alloc(self, nbytes: int) -> int:
        with self._lock:
            at = HEAP_START
            for i, (start, end) in enumerate(self._used):
                if at + nbytes <= start:
                    self._used.insert(i, (at, at + nbytes))
                    return at
                at = (end + ALIGN - 1) // ALIGN * ALIGN
            if at + nbytes > self.vram_size:
                raise RvsimtError("out of device memory: %d bytes wanted, VRAM is %d" % (nbytes, self.vram_size))
            self._used.append((at, at + nbytes))
            return at

    def _free(self, address: int) -> None:
        with self._lock:
            self._used = [r for r in self._used if r[0] != address]

    def _write(self, address: int, data: bytes) -> None:
        with self._lock:
            for off in range(0, len(data), 4 << 20):
                self._conn.vram_write(address + off, data[off:off + (4 << 20)])

    def _read(self, address: int, nbytes: int) -> bytes:
        with self._lock:
            parts = [self._conn.vram_read(address + off, min(4 << 20, nbytes - off)) for off in range(0, nbytes, 4 << 20)]
            return b"".join(parts)

    def buffer(self, array: Optional[np.ndarray] = None, shape: Optional[Tuple[int, ...]] = None,
               dtype: Any = np.float32) -> Buffer:
        """A device-resident buffer: a copy of `array`, or uninitialised of `shape` and `dtype`."""
        if array is not None:
            array = np.ascontiguousarray(array)
            b = Buffer(self, self._alloc(max(array.nbytes, 1)), array.nbytes, array.dtype, array.shape)
            b.write(array)
            return b
        if shape is None:
            raise ArgumentError("buffer() needs an array or a shape")
        dt = np.dtype(dtype)
        n = int(np.prod(shape)) * dt.itemsize
        return Buffer(self, self._alloc(max(n, 1)), n, dt, tuple(shape))

    # ------------------------------------------------------------------ building
    def compile(self, path: str, options: str = "") -> Module:
        """Builds a kernel file: OpenCL C (.cl, with clBuildProgram's `options`), C (.c) or assembly (.S)."""
        with open(path, "rb") as f:
            source = f.read()
        name = os.path.basename(path)
        with self._lock:
            if name.lower().endswith(".cl"):
                opts = options.encode()
                reply = self._conn.request(BUILD_PROGRAM, struct.pack("<I", len(opts)) + opts + source)
                status, = struct.unpack_from("<I", reply)
                log, pos = P.read_str(reply, 4)
                if status != 0:
                    first = next((l for l in log.splitlines() if "error" in l), log.strip().splitlines()[0] if log.strip() else "build failed")
                    raise BuildError(first, log)
                return Module(self, path, parse_container(reply[pos:]), log)
            fname = name.encode()
            reply = self._conn.request(BUILD_KERNEL, struct.pack("<I", len(fname)) + fname + source)
            status, = struct.unpack_from("<I", reply)
            message, pos = P.read_str(reply, 4)
            if status != 0:
                raise BuildError(message, message)
            return Module(self, path, parse_kernel_build(reply[pos:]), "")

    # ------------------------------------------------------------------ launching
    def _launch(self, kernel: Kernel, grid: Tuple[int, int, int], block: Tuple[int, int, int], args: Sequence[Any],
                timeout_ms: int, gpu: Optional[str] = None) -> Dict[str, Any]:
        info = kernel.info
        with self._lock:
            temporaries: List[Tuple[int, np.ndarray]] = []   # (address, the array to copy back into)
            try:
                if info.opencl:
                    block_bytes, shared = self._opencl_block(info, grid, args, temporaries)
                else:
                    block_bytes, shared = self._native_block(info, args, temporaries), 0
                args_address = self._alloc(max(len(block_bytes), 4))
                temporaries.append((args_address, None))  # type: ignore[arg-type]
                self._write(args_address, block_bytes)
                elf = kernel.module.program.elf
                if self._resident is not elf:
                    self._conn.load_kernel(elf, fmt=P.FORMAT_ELF)
                    self._resident = elf
                r = self._conn.launch(info.entry, args_address, grid, block, shared=shared, timeout_ms=timeout_ms,
                                      timing=gpu)
                stats: Dict[str, Any] = {
                    "kernel": info.name, "grid": grid, "block": block,
                    "warp_instructions": r.warp_instructions, "lane_instructions": r.lane_instructions,
                    "wall_ns": r.wall_ns, "fault": r.fault_kind, "console": r.console.splitlines() if r.console else []}
                if gpu is not None:   # the model's report; None when the kernel faulted (nothing to time)
                    stats["timing"] = json.loads(r.timing) if r.timing else None
                kernel.last_statistics = stats
                if r.console:
                    print(r.console)
                if r.result != 0:
                    raise KernelFault("%s: %s" % (info.name, r.message.splitlines()[0] if r.message else r.fault_kind),
                                      r.fault_kind, stats)
                for address, array in temporaries:
                    if array is not None:
                        data = self._read(address, array.nbytes)
                        np.copyto(array, np.frombuffer(data, dtype=array.dtype).reshape(array.shape))
                return stats
            except ServerError as e:
                raise RvsimtError(e.message if hasattr(e, "message") else str(e)) from None
            finally:
                for address, _ in temporaries:
                    self._free(address)

    def _device_address(self, value: Any, temporaries: List[Tuple[int, np.ndarray]], what: str) -> int:
        if isinstance(value, Buffer):
            if value.device is not self or not value.address:
                raise ArgumentError("%s: a buffer of another device, or freed" % what)
            return value.address
        if isinstance(value, np.ndarray):
            if not value.flags.c_contiguous or not value.flags.writeable:
                raise ArgumentError("%s: arrays must be C-contiguous and writable (use np.ascontiguousarray)" % what)
            address = self._alloc(max(value.nbytes, 1))
            temporaries.append((address, value))
            self._write(address, value.tobytes())
            return address
        raise ArgumentError("%s: expected a numpy array or rvsimt.Buffer, got %s" % (what, type(value).__name__))

    def _native_block(self, info: KernelInfo, args: Sequence[Any], temporaries: List[Tuple[int, np.ndarray]]) -> bytes:
        """One 32-bit word per argument (docs/kernel-abi.md): an address, an int, or a float's bits."""
        words = []
        for i, a in enumerate(args):
            what = "%s argument %d" % (info.name, i)
            if isinstance(a, (Buffer, np.ndarray)):
                words.append(struct.pack("<I", self._device_address(a, temporaries, what)))
            elif isinstance(a, np.generic) and a.nbytes == 4:
                words.append(a.tobytes())
            elif isinstance(a, bool) or isinstance(a, (int, np.integer)):
                words.append(struct.pack("<I", int(a) & 0xFFFFFFFF))
            elif isinstance(a, float):
                words.append(struct.pack("<f", a))
            else:
                raise ArgumentError("%s: cannot pass %s (arrays, buffers, 32-bit scalars)" % (what, type(a).__name__))
        return b"".join(words)

    def _opencl_block(self, info: KernelInfo, grid: Tuple[int, int, int], args: Sequence[Any],
                      temporaries: List[Tuple[int, np.ndarray]]) -> Tuple[bytes, int]:
        """The OpenCL argument block (docs/opencl.md): header, then each slot at its offset."""
        if len(args) != len(info.args):
            raise ArgumentError("%s takes %d arguments (%s), got %d" % (
                info.name, len(info.args), ", ".join(a.name for a in info.args), len(args)))
        work_dim = 3 if grid[2] > 1 else 2 if grid[1] > 1 else 1
        block = bytearray(max(info.arg_block_bytes, OPENCL_HEADER_BYTES))
        struct.pack_into("<IIII", block, 0, work_dim, 0, 0, 0)
        shared = info.static_local
        for spec, a in zip(info.args, args):
            what = "%s argument %s" % (info.name, spec.name)
            if spec.kind == LOCAL:
                if not isinstance(a, Local):
                    raise ArgumentError("%s is __local: pass rvsimt.Local(nbytes)" % what)
                struct.pack_into("<I", block, spec.offset, a.nbytes)
                shared += (a.nbytes + 15) // 16 * 16
            elif spec.kind == BUFFER:
                struct.pack_into("<I", block, spec.offset, self._device_address(a, temporaries, what))
            else:
                data = self._value_bytes(a, spec.size, spec.type_name, what)
                block[spec.offset:spec.offset + spec.size] = data
        return bytes(block), shared

    @staticmethod
    def _value_bytes(a: Any, size: int, type_name: str, what: str) -> bytes:
        if isinstance(a, (np.generic, np.ndarray)):
            data = np.ascontiguousarray(a).tobytes()
        elif isinstance(a, bool) or isinstance(a, int):
            data = int(a).to_bytes(size, "little", signed=a < 0) if size in (1, 2, 4, 8) else b""
        elif isinstance(a, float):
            data = struct.pack("<f", a) if size == 4 else b""
        else:
            data = b""
        if len(data) != size:
            raise ArgumentError("%s is %s (%d bytes): got %r" % (what, type_name, size, a))
        return data

    def close(self) -> None:
        self._conn.close()
        if self._server is not None:
            self._server.stop()
            self._server = None

    def __enter__(self) -> "Device":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
