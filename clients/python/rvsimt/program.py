"""What a build returns: the kernels of a source file, how to start them and lay out their arguments.

OpenCL C (.cl) comes from the server's BUILD_PROGRAM as the program container of docs/opencl.md;
assembly (.S) and C (.c) from BUILD_KERNEL as an ELF and its function symbols (docs/protocol.md).
"""
import struct
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from .errors import RvsimtError

BUFFER, LOCAL, VALUE = 0, 1, 2          # how a launch fills an OpenCL argument's slot
OPENCL_HEADER_BYTES = 16                # work_dim, global offset x, y, z


@dataclass(frozen=True)
class Arg:
    name: str
    type_name: str
    address: int        # 0 global, 1 constant, 2 local, 3 private
    kind: int           # BUFFER, LOCAL or VALUE
    size: int
    offset: int


@dataclass(frozen=True)
class KernelInfo:
    name: str
    entry: int
    opencl: bool                         # OpenCL argument block (else one 32-bit word per argument)
    static_local: int = 0
    arg_block_bytes: int = 0
    args: Tuple[Arg, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Program:
    elf: bytes
    kernels: Dict[str, KernelInfo]


def _str(buf: bytes, pos: int) -> Tuple[str, int]:
    (n,) = struct.unpack_from("<I", buf, pos)
    return buf[pos + 4:pos + 4 + n].decode("utf-8"), pos + 4 + n


def parse_container(buf: bytes) -> Program:
    magic, version, count = struct.unpack_from("<III", buf, 0)
    if magic != 0x4C435652 or version != 1:
        raise RvsimtError("not an rvsimt program container (magic 0x%08x, version %d)" % (magic, version))
    pos = 12
    kernels: Dict[str, KernelInfo] = {}
    for _ in range(count):
        name, pos = _str(buf, pos)
        entry, static_local, block_bytes, nargs = struct.unpack_from("<IIII", buf, pos)
        pos += 16
        args: List[Arg] = []
        for _ in range(nargs):
            aname, pos = _str(buf, pos)
            tname, pos = _str(buf, pos)
            address, _access, _quals, kind, size, offset = struct.unpack_from("<IIIIII", buf, pos)
            pos += 24
            args.append(Arg(aname, tname, address, kind, size, offset))
        kernels[name] = KernelInfo(name, entry, True, static_local, block_bytes, tuple(args))
    (elf_len,) = struct.unpack_from("<I", buf, pos)
    return Program(bytes(buf[pos + 4:pos + 4 + elf_len]), kernels)


def parse_kernel_build(buf: bytes) -> Program:
    """BUILD_KERNEL's reply after status and message: symbols, then the ELF."""
    (count,) = struct.unpack_from("<I", buf, 0)
    pos = 4
    kernels: Dict[str, KernelInfo] = {}
    for _ in range(count):
        name, pos = _str(buf, pos)
        (address,) = struct.unpack_from("<I", buf, pos)
        pos += 4
        kernels[name] = KernelInfo(name, address, False)
    return Program(bytes(buf[pos:]), kernels)
