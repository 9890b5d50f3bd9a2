"""Wire format of the rvsimt device protocol, version 1.2 (docs/protocol.md)."""

import struct

MAGIC = 0x44535652  # b"RVSD"
MAJOR, MINOR = 1, 2
LAUNCH_TIMING = 1  # LAUNCH option (minor 1): time the launch with the performance model
HEADER = struct.Struct("<IHHI")  # payload_length, type, flags, tag
REPLY_BIT = 0x8000

HELLO = 0x0001
MMIO_READ = 0x0002
MMIO_WRITE = 0x0003
VRAM_READ = 0x0004
VRAM_WRITE = 0x0005
DMA_TO_DEVICE = 0x0006
DMA_FROM_DEVICE = 0x0007
RESET = 0x0008
LOAD_KERNEL = 0x0009
LAUNCH = 0x000A
CLAIM = 0x000B
RELEASE = 0x000C
PING = 0x000D
LAUNCH_CHECKED = 0x0010  # protocol 1.2

# LAUNCH_CHECKED: the checks bit mask, and region flags
CHECKS = {"memcheck": 1, "racecheck": 2, "synccheck": 4, "initcheck": 8}
REGION_INITIALIZED, REGION_FREED = 1, 2
INTERRUPT = 0xF001
ERROR = 0xFFFF

ERRORS = {
    1: "VERSION", 2: "HANDSHAKE", 3: "AUTH", 4: "UNKNOWN_TYPE", 5: "BAD_LENGTH", 6: "TOO_LARGE",
    7: "OUT_OF_RANGE", 8: "DMA_FAULT", 9: "BAD_ARGUMENT", 10: "BAD_KERNEL", 11: "BUSY", 12: "TRUNCATED",
    13: "SERVER_FULL", 14: "INTERNAL", 15: "SHUTTING_DOWN",
}
E_BUSY = 11

FORMAT_AUTO, FORMAT_ELF, FORMAT_FLAT = 0, 1, 2


class ProtocolError(Exception):
    """The server sent something this client does not understand, or the connection broke."""


class ServerError(Exception):
    """An ERROR frame: .code (see ERRORS), .request_type, and the server's message."""

    def __init__(self, code, request_type, message):
        super().__init__("server error %d (%s): %s" % (code, ERRORS.get(code, "?"), message))
        self.code = code
        self.name = ERRORS.get(code, "?")
        self.request_type = request_type
        self.message = message


def frame(type_, tag, payload=b""):
    return HEADER.pack(len(payload), type_, 0, tag) + payload


def read_str(buf, pos):
    """A u32 length and that many UTF-8 bytes; returns (text, next position)."""
    (n,) = struct.unpack_from("<I", buf, pos)
    pos += 4
    if n > len(buf) - pos:
        raise ProtocolError("string of %d bytes runs past the payload" % n)
    return buf[pos:pos + n].decode("utf-8", "replace"), pos + n
