"""Operator calls in the style of the seed's Python module: gpu.add(a, b), gpu.relu(x), ...

Each call copies its inputs into VRAM with the DMA engine, launches one of the kernels of
clients/kernels (native ABI: the argument block's address goes to KERNEL_ARGS), and copies the
result back. Inputs are nested lists or numpy arrays (float32); the result has the same kind.
"""

import os
import struct

from . import tensors as T
from .device import Device

KERNELS = ("vecadd", "relu", "matmul", "softmax", "conv2d", "maxpool")
KERNEL_SLOT = 0x1000          # each kernel gets a 4 KiB slot below 1 MiB, as in the seed's runtime
DATA_BASE = 0x100000          # operands and argument blocks live above 1 MiB


class KernelFailed(RuntimeError):
    def __init__(self, name, result):
        super().__init__("%s failed: %s: %s" % (name, result.fault_kind, result.message))
        self.result = result


class Gpu(Device):
    """A Device with operators. kernel_dir holds NAME.bin flat binaries of clients/kernels/NAME.S
    (`rvsimt asm --raw NAME.S -o NAME.bin`); default: $RVSIMT_KERNEL_DIR."""

    def __init__(self, sock, token=None, timeout=30.0, kernel_dir=None):
        super().__init__(sock, token, timeout)
        self.kernel_dir = kernel_dir or os.environ.get("RVSIMT_KERNEL_DIR")
        self._kernels = {}
        self._next = DATA_BASE
        self.launches = 0

    # ------------------------------------------------------------------ plumbing

    def kernel(self, name):
        """The VRAM entry address of kernel `name`, loaded on first use."""
        if name not in self._kernels:
            if not self.kernel_dir:
                raise RuntimeError("no kernel directory: pass kernel_dir= or set RVSIMT_KERNEL_DIR")
            with open(os.path.join(self.kernel_dir, name + ".bin"), "rb") as f:
                image = f.read()
            if len(image) > KERNEL_SLOT:
                raise RuntimeError("kernel %s is %d bytes, over its %d-byte slot" % (name, len(image), KERNEL_SLOT))
            slot = KERNELS.index(name) if name in KERNELS else len(KERNELS) + len(self._kernels)
            self._kernels[name] = self.load_kernel(image, slot * KERNEL_SLOT, fmt=2).entry
        return self._kernels[name]

    def _alloc(self, nbytes):
        address = self._next
        self._next = (self._next + nbytes + 255) & ~255
        if self._next > self.vram_size:
            raise MemoryError("operands need more than the device's %d bytes of VRAM" % self.vram_size)
        return address

    def _upload(self, flat):
        data = T.to_bytes(flat)
        address = self._alloc(len(data))
        self.dma_to_device(address, data)
        return address

    def _run(self, name, args, grid, block, shared=0):
        """Writes the argument block (u32 words) and launches; raises KernelFailed on a fault."""
        words = struct.pack("<%dI" % len(args), *[a & 0xFFFFFFFF for a in args])
        arg_block = self._alloc(len(words))
        self.dma_to_device(arg_block, words)
        r = self.launch(self.kernel(name), arg_block, grid, block, shared)
        self.launches += 1
        if r.result != 0:
            raise KernelFailed(name, r)
        return r

    def _begin(self):
        self._next = DATA_BASE     # every operator call starts from an empty data area

    @staticmethod
    def _grid1d(n, block=256):
        return (max(1, min((n + block - 1) // block, 1024)),), (block,)

    def _result(self, address, shape, like):
        n = T.size(shape)
        return T.from_bytes(self.dma_from_device(address, 4 * n), shape, like)

    # ------------------------------------------------------------------ operators

    def add(self, a, b):
        """Element-wise a + b (same shapes)."""
        self._begin()
        fa, sa = T.flatten(a)
        fb, sb = T.flatten(b)
        if sa != sb:
            raise ValueError("add: shapes %s and %s differ" % (sa, sb))
        n = T.size(sa)
        pa, pb, pc = self._upload(fa), self._upload(fb), self._alloc(4 * n)
        grid, block = self._grid1d(n)
        self._run("vecadd", [n, pa, pb, pc], grid, block)
        return self._result(pc, sa, T.is_array(a))

    def relu(self, x):
        """max(x, 0) element-wise, any shape."""
        self._begin()
        fx, sx = T.flatten(x)
        n = T.size(sx)
        px, py = self._upload(fx), self._alloc(4 * n)
        grid, block = self._grid1d(n)
        self._run("relu", [n, px, py], grid, block)
        return self._result(py, sx, T.is_array(x))

    def matmul(self, a, b):
        """a @ b for 2-D a [M][K] and b [K][N]; a 1-D a is a row vector (result 1-D)."""
        self._begin()
        fa, sa = T.flatten(a)
        fb, sb = T.flatten(b)
        vector = len(sa) == 1
        if vector:
            sa = (1, sa[0])
        if len(sa) != 2 or len(sb) != 2 or sa[1] != sb[0]:
            raise ValueError("matmul: shapes %s and %s do not multiply" % (sa, sb))
        m, k = sa
        n = sb[1]
        pa, pb, pc = self._upload(fa), self._upload(fb), self._alloc(4 * m * n)
        bx, by = 16, 16
        self._run("matmul", [m, n, k, pa, pb, pc], ((n + bx - 1) // bx, (m + by - 1) // by), (bx, by))
        return self._result(pc, (n,) if vector else (m, n), T.is_array(a))

    def softmax(self, x):
        """Softmax of a 1-D x (a 2-D x: of each row)."""
        fx, sx = T.flatten(x)
        if len(sx) == 2:
            rows = [self.softmax(T.unflatten(list(fx[r * sx[1]:(r + 1) * sx[1]]), (sx[1],)))
                    for r in range(sx[0])]
            flat = [v for row in rows for v in row]
            return T.from_bytes(T.to_bytes(flat), sx, T.is_array(x))
        if len(sx) != 1 or sx[0] == 0:
            raise ValueError("softmax: expects a non-empty 1-D input, got shape %s" % (sx,))
        self._begin()
        n = sx[0]
        threads = 1
        while threads < min(n, 256):
            threads *= 2
        px, py = self._upload(fx), self._alloc(4 * n)
        self._run("softmax", [n, px, py], (1,), (threads,), shared=4 * threads)
        return self._result(py, sx, T.is_array(x))

    def conv2d(self, x, w, bias=None):
        """Valid convolution: x [C][H][W] (or [H][W]), w [OC][C][K][K] (or [K][K]), bias [OC].
        Returns [OC][H-K+1][W-K+1] (or [H-K+1][W-K+1] for 2-D x and w)."""
        self._begin()
        fx, sx = T.flatten(x)
        fw, sw = T.flatten(w)
        plain = len(sx) == 2 and len(sw) == 2
        if plain:
            sx = (1,) + sx
            sw = (1, 1) + sw
        if len(sx) != 3 or len(sw) != 4 or sw[1] != sx[0] or sw[2] != sw[3]:
            raise ValueError("conv2d: input %s and weights %s do not fit" % (sx, sw))
        c, h, wd = sx
        oc, _, k, _ = sw
        if k > h or k > wd:
            raise ValueError("conv2d: kernel %d is larger than the %dx%d input" % (k, h, wd))
        fb = [0.0] * oc if bias is None else T.flatten(bias)[0]
        if len(fb) != oc:
            raise ValueError("conv2d: %d biases for %d output channels" % (len(fb), oc))
        oh, ow = h - k + 1, wd - k + 1
        px, pw, pb = self._upload(fx), self._upload(fw), self._upload(fb)
        po = self._alloc(4 * oc * oh * ow)
        grid, block = self._grid1d(oc * oh * ow)
        self._run("conv2d", [c, h, wd, k, oc, px, pw, pb, po], grid, block)
        return self._result(po, (oh, ow) if plain else (oc, oh, ow), T.is_array(x))

    def maxpool(self, x):
        """2x2 max pooling, stride 2, over [C][H][W] (or [H][W])."""
        self._begin()
        fx, sx = T.flatten(x)
        plain = len(sx) == 2
        if plain:
            sx = (1,) + sx
        if len(sx) != 3 or sx[1] < 2 or sx[2] < 2:
            raise ValueError("maxpool: expects [C][H][W] with H, W >= 2, got %s" % (sx,))
        c, h, wd = sx
        oh, ow = h // 2, wd // 2
        px, po = self._upload(fx), self._alloc(4 * c * oh * ow)
        grid, block = self._grid1d(c * oh * ow)
        self._run("maxpool", [c, h, wd, px, po], grid, block)
        return self._result(po, (oh, ow) if plain else (c, oh, ow), T.is_array(x))
