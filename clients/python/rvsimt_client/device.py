"""The device over a socket: registers, VRAM, DMA, kernels, interrupts."""

import collections
import json
import socket
import struct

from . import protocol as P
from . import registers as R

Interrupt = collections.namedtuple("Interrupt", "vector cause irq_status origin dispatch_seq result")
LoadedKernel = collections.namedtuple("LoadedKernel", "entry start end")
LaunchResult = collections.namedtuple(
    "LaunchResult",
    "result dispatch_seq error_status irq_status fault_kind_code fault_pc fault_address "
    "warp_instructions lane_instructions wall_ns fault_kind message console timing",
    defaults=("",))
# What LAUNCH_CHECKED's checks found: counts, the text report of `rvsimt run --check`, and the
# findings list of `rvsimt run --json` (decoded).
CheckedFindings = collections.namedtuple("CheckedFindings", "errors warnings report findings")


class Device:
    """One connection to `rvsimt serve`. Use Device.unix(path) or Device.tcp(host, port).

    Requests are answered one at a time; interrupt notifications that arrive while a reply is
    awaited are kept for wait_interrupt(). Every socket operation is bounded by `timeout` seconds.
    """

    def __init__(self, sock, token=None, timeout=30.0):
        self._sock = sock
        self._sock.settimeout(timeout)
        self._tag = 0
        self._interrupts = collections.deque()
        self.timeout = timeout
        self._hello(token)

    @classmethod
    def unix(cls, path, token=None, timeout=30.0, **kwargs):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.settimeout(timeout)
            s.connect(path)
        except OSError:
            s.close()
            raise
        return cls(s, token, timeout, **kwargs)

    @classmethod
    def tcp(cls, host, port, token=None, timeout=30.0, **kwargs):
        s = socket.create_connection((host, port), timeout=timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(s, token, timeout, **kwargs)

    # ------------------------------------------------------------------ framing

    def _recv_exactly(self, n):
        chunks = []
        while n > 0:
            b = self._sock.recv(min(n, 1 << 20))
            if not b:
                raise P.ProtocolError("server closed the connection")
            chunks.append(b)
            n -= len(b)
        return b"".join(chunks)

    def _read_frame(self):
        length, type_, _flags, tag = P.HEADER.unpack(self._recv_exactly(P.HEADER.size))
        return type_, tag, self._recv_exactly(length) if length else b""

    def _error(self, payload):
        code, req = struct.unpack_from("<IH", payload)
        msg, _ = P.read_str(payload, 6)
        return P.ServerError(code, req, msg)

    def send(self, type_, payload=b""):
        """Sends a request without waiting; returns its tag."""
        self._tag = self._tag % 0xFFFFFFFF + 1
        self._sock.sendall(P.frame(type_, self._tag, payload))
        return self._tag

    def receive_reply(self, tag, type_):
        while True:
            t, g, payload = self._read_frame()
            if t == P.INTERRUPT:
                self._interrupts.append(Interrupt(*struct.unpack("<IIIIIi", payload)))
                continue
            if t == P.ERROR and g in (tag, 0):
                raise self._error(payload)
            if g == tag and t == type_ | P.REPLY_BIT:
                return payload
            raise P.ProtocolError("unexpected frame type 0x%04x tag %d" % (t, g))

    def request(self, type_, payload=b""):
        return self.receive_reply(self.send(type_, payload), type_)

    # ------------------------------------------------------------------ messages

    def _hello(self, token):
        tok = (token or "").encode()
        reply = self.request(P.HELLO, struct.pack("<IHHIH", P.MAGIC, P.MAJOR, P.MINOR, 0, len(tok)) + tok)
        (magic, self.major, self.minor, self.client_id, self.server_flags, self.vram_size, self.max_payload,
         self.dev_id, self.dev_version, self.dev_caps) = struct.unpack("<IHHIIQIIII", reply)
        if magic != P.MAGIC:
            raise P.ProtocolError("bad magic in HELLO reply")
        self.shared = bool(self.server_flags & 1)

    def mmio_read(self, bar, offset, width=4):
        """Returns (mmio_status, value)."""
        return struct.unpack("<IQ", self.request(P.MMIO_READ, struct.pack("<BBHI", bar, width, 0, offset)))

    def mmio_write(self, bar, offset, value, width=4):
        """Returns the MMIO status (registers.MMIO_OK, MMIO_READ_ONLY, ...)."""
        mask = (1 << (8 * width)) - 1
        payload = struct.pack("<BBHIQ", bar, width, 0, offset, value & mask)
        return struct.unpack("<I", self.request(P.MMIO_WRITE, payload))[0]

    def read32(self, offset):
        return self.mmio_read(R.BAR_REGS, offset)[1]

    def write32(self, offset, value):
        return self.mmio_write(R.BAR_REGS, offset, value)

    def read64(self, offset):
        return self.mmio_read(R.BAR_REGS, offset, 8)[1]

    def write64(self, offset, value):
        return self.mmio_write(R.BAR_REGS, offset, value, 8)

    def vram_read(self, address, length):
        return self.request(P.VRAM_READ, struct.pack("<QI", address, length))

    def vram_write(self, address, data):
        self.request(P.VRAM_WRITE, struct.pack("<Q", address) + bytes(data))

    def dma_to_device(self, address, data, irq=False):
        """The DMA engine, host buffer `data` to VRAM; returns DMA_STATUS."""
        flags = R.DMA_IRQ_EN if irq else 0
        return struct.unpack("<I", self.request(P.DMA_TO_DEVICE, struct.pack("<QI", address, flags) + bytes(data)))[0]

    def dma_from_device(self, address, length, irq=False):
        flags = R.DMA_IRQ_EN if irq else 0
        return self.request(P.DMA_FROM_DEVICE, struct.pack("<QII", address, length, flags))

    def reset(self, clear_vram=False):
        self.request(P.RESET, struct.pack("<I", 1 if clear_vram else 0))

    def load_kernel(self, image, load_address=0, fmt=P.FORMAT_AUTO):
        reply = self.request(P.LOAD_KERNEL, struct.pack("<IQ", fmt, load_address) + bytes(image))
        return LoadedKernel(*struct.unpack("<QQQ", reply))

    def launch(self, kernel_address, args_address, grid, block, shared=0, flags=0, kernel_size=0, timeout_ms=0,
               timing=None):
        """Programs the dispatch registers, dispatches and waits; returns a LaunchResult.

        timing: a GPU preset name ("" for the default, volta) to time the launch with the performance
        model; the result's `timing` is then its report as JSON text ("" if the kernel faulted)."""
        payload = self._launch_payload(kernel_address, args_address, grid, block, shared, flags, kernel_size,
                                       timeout_ms)
        if timing is not None:
            gpu = timing.encode()
            payload += struct.pack("<II", P.LAUNCH_TIMING, len(gpu)) + gpu
        return self._launch_result(self._await_launch(P.LAUNCH, payload, timeout_ms))

    def launch_checked(self, kernel_address, args_address, grid, block, checks, regions, shared=0, flags=0,
                       timeout_ms=0):
        """A launch with the sanitizer checks (protocol 1.2, LAUNCH_CHECKED).

        checks: names ("memcheck", ...) or "all"; regions: (address, size, flags, name) of the client's
        allocations, flags P.REGION_INITIALIZED / P.REGION_FREED. Returns (LaunchResult, CheckedFindings).
        """
        names = list(P.CHECKS) if checks == "all" else list(checks)
        mask = 0
        for name in names:
            if name not in P.CHECKS:
                raise ValueError("unknown check %r (%s, or all)" % (name, ", ".join(P.CHECKS)))
            mask |= P.CHECKS[name]
        payload = self._launch_payload(kernel_address, args_address, grid, block, shared, flags, 0, timeout_ms)
        payload += struct.pack("<II", mask, len(regions))
        for address, size, region_flags, name in regions:
            raw = name.encode("utf-8")
            payload += struct.pack("<QIII", address, size, region_flags, len(raw)) + raw
        return self._launch_result(self._await_launch(P.LAUNCH_CHECKED, payload, timeout_ms), checked=True)

    @staticmethod
    def _launch_payload(kernel_address, args_address, grid, block, shared, flags, kernel_size, timeout_ms):
        grid = tuple(grid) + (1,) * (3 - len(grid))
        block = tuple(block) + (1,) * (3 - len(block))
        return struct.pack("<QQ3I3IIIII", kernel_address, args_address, *grid, *block, shared, flags,
                           kernel_size, timeout_ms)

    def _await_launch(self, kind, payload, timeout_ms):
        saved = self._sock.gettimeout()
        self._sock.settimeout(None if timeout_ms == 0 else max(saved or 0, timeout_ms / 1000 + 5))
        try:
            return self.request(kind, payload)
        finally:
            self._sock.settimeout(saved)

    @staticmethod
    def _launch_result(reply, checked=False):
        fixed = struct.unpack_from("<iIIIIIQQQQ", reply)
        kind, pos = P.read_str(reply, 56)
        message, pos = P.read_str(reply, pos)
        console, pos = P.read_str(reply, pos)
        if checked:     # LAUNCH_CHECKED: LAUNCH's reply of minor 0, then the findings
            errors, warnings = struct.unpack_from("<II", reply, pos)
            report, pos = P.read_str(reply, pos + 8)
            findings, pos = P.read_str(reply, pos)
            return LaunchResult(*fixed, kind, message, console), CheckedFindings(errors, warnings, report,
                                                                                  json.loads(findings))
        timing_json = ""
        if pos < len(reply):  # a minor-1 server
            timing_json, pos = P.read_str(reply, pos)
        return LaunchResult(*fixed, kind, message, console, timing_json)

    def claim(self, timeout_ms=10000):
        self.request(P.CLAIM, struct.pack("<I", timeout_ms))

    def release(self):
        self.request(P.RELEASE)

    def ping(self, data=b""):
        return self.request(P.PING, data)

    def wait_interrupt(self, timeout=None):
        """The next interrupt notification (an Interrupt tuple)."""
        if self._interrupts:
            return self._interrupts.popleft()
        saved = self._sock.gettimeout()
        self._sock.settimeout(self.timeout if timeout is None else timeout)
        try:
            while True:
                t, _g, payload = self._read_frame()
                if t == P.INTERRUPT:
                    return Interrupt(*struct.unpack("<IIIIIi", payload))
                if t == P.ERROR:
                    raise self._error(payload)
                raise P.ProtocolError("expected an INTERRUPT, got frame type 0x%04x" % t)
        finally:
            self._sock.settimeout(saved)

    def close(self):
        self._sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
