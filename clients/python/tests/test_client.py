"""Tests of the Python client against a running server.

    RVSIMT_SOCKET=/path/gpu.sock RVSIMT_KERNEL_DIR=/path/bins python3 -m unittest discover -s tests

The Java test suite (rvsimt-device PythonClientTest) starts the server, assembles the kernels and
runs this, with numpy and again with RVSIMT_NO_NUMPY=1.
"""

import math
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rvsimt_client import Device, Gpu, KernelFailed, ServerError, protocol as P, registers as R  # noqa: E402
from rvsimt_client import tensors as T  # noqa: E402

SOCKET = os.environ.get("RVSIMT_SOCKET")
KERNELS = os.environ.get("RVSIMT_KERNEL_DIR")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def close(test, got, want, rel=1e-5):
    g = [float(v) for v in T.flatten(got)[0]]
    w = T.flatten(want)[0]
    test.assertEqual(len(g), len(w))
    scale = max([1e-6] + [abs(v) for v in w])
    for i, (a, b) in enumerate(zip(g, w)):
        test.assertLessEqual(abs(a - b), rel * scale, "element %d: %r vs %r" % (i, a, b))


@unittest.skipUnless(SOCKET and KERNELS, "RVSIMT_SOCKET and RVSIMT_KERNEL_DIR are not set")
class OperatorTest(unittest.TestCase):
    def setUp(self):
        self.gpu = Gpu.unix(SOCKET, kernel_dir=KERNELS, timeout=30)
        self.rnd = random.Random(1)

    def tearDown(self):
        self.gpu.close()

    def rand(self, *shape):
        return T.unflatten([f32(self.rnd.uniform(-2, 2)) for _ in range(T.size(shape))], shape)

    def test_add_and_relu(self):
        a, b = self.rand(3, 70), self.rand(3, 70)
        got = self.gpu.add(a, b)
        want = [[f32(x + y) for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]
        self.assertEqual(got, want)          # one IEEE addition per element: exact
        self.assertEqual(self.gpu.relu(a), [[max(x, 0.0) for x in r] for r in a])
        self.assertEqual(self.gpu.add([1.0], [2.0]), [3.0])
        with self.assertRaises(ValueError):
            self.gpu.add([1.0, 2.0], [1.0])

    def test_matmul(self):
        a, b = self.rand(5, 7), self.rand(7, 33)
        want = [[sum(a[i][k] * b[k][j] for k in range(7)) for j in range(33)] for i in range(5)]
        close(self, self.gpu.matmul(a, b), want)
        v = self.rand(7)
        close(self, self.gpu.matmul(v, b), [sum(v[k] * b[k][j] for k in range(7)) for j in range(33)])

    def test_softmax(self):
        for n in (1, 10, 300, 1000):
            x = [self.rnd.uniform(-5, 5) for _ in range(n)]
            mx = max(x)
            e = [math.exp(v - mx) for v in x]
            close(self, self.gpu.softmax(x), [v / sum(e) for v in e], rel=1e-5)
        x = self.rand(2, 5)
        rows = self.gpu.softmax(x)
        self.assertEqual(len(rows), 2)
        self.assertAlmostEqual(sum(rows[1]), 1.0, places=5)

    def test_conv2d_and_maxpool(self):
        x, w, b = self.rand(3, 9, 11), self.rand(4, 3, 3, 3), self.rand(4)
        got = self.gpu.conv2d(x, w, b)
        want = [[[b[o] + sum(x[c][y + i][xx + j] * w[o][c][i][j] for c in range(3) for i in range(3)
                             for j in range(3)) for xx in range(9)] for y in range(7)] for o in range(4)]
        close(self, got, want)
        plain = self.gpu.conv2d(self.rand(6, 6), [[1.0, 0.0], [0.0, 1.0]])
        self.assertEqual(len(plain), 5)
        p = self.gpu.maxpool(x)
        self.assertEqual(p, [[[max(x[c][2 * y][2 * xx], x[c][2 * y][2 * xx + 1], x[c][2 * y + 1][2 * xx],
                                   x[c][2 * y + 1][2 * xx + 1]) for xx in range(5)] for y in range(4)]
                             for c in range(3)])

    @unittest.skipUnless(T.has_numpy(), "numpy is not installed (or RVSIMT_NO_NUMPY is set)")
    def test_numpy_in_numpy_out(self):
        import numpy as np
        a = np.arange(12, dtype=np.float32).reshape(3, 4)
        out = self.gpu.add(a, a)
        self.assertIsInstance(out, np.ndarray)
        self.assertEqual(out.shape, (3, 4))
        self.assertTrue((out == a * 2).all())
        m = self.gpu.matmul(a, np.ones((4, 2), dtype=np.float32))
        self.assertTrue(np.allclose(m, a.sum(axis=1, keepdims=True).repeat(2, axis=1)))


@unittest.skipUnless(SOCKET and KERNELS, "RVSIMT_SOCKET and RVSIMT_KERNEL_DIR are not set")
class DeviceTest(unittest.TestCase):
    def setUp(self):
        self.dev = Device.unix(SOCKET, timeout=30)

    def tearDown(self):
        self.dev.close()

    def test_hello_and_registers(self):
        self.assertEqual(self.dev.dev_id, R.DEV_ID_VALUE)
        self.assertEqual(self.dev.read64(R.VRAM_SIZE_LO), self.dev.vram_size)
        self.assertEqual(self.dev.write32(R.DEV_ID, 0), R.MMIO_READ_ONLY)
        self.assertEqual(self.dev.read32(R.ERROR_STATUS) & R.ERR_REG_ACCESS, R.ERR_REG_ACCESS)
        self.dev.write32(R.ERROR_STATUS, R.ERR_REG_ACCESS)
        self.assertEqual(self.dev.read32(R.ERROR_STATUS), 0)
        self.assertEqual(self.dev.ping(b"abc"), b"abc")

    def test_errors(self):
        with self.assertRaises(ServerError) as e:
            self.dev.vram_read(self.dev.vram_size - 2, 4)
        self.assertEqual(e.exception.name, "OUT_OF_RANGE")
        with self.assertRaises(ServerError) as e:
            self.dev.request(P.MMIO_READ, b"\x00")
        self.assertEqual(e.exception.name, "BAD_LENGTH")
        with self.assertRaises(ServerError) as e:
            self.dev.request(0x0123, b"")
        self.assertEqual(e.exception.name, "UNKNOWN_TYPE")
        with self.assertRaises(ServerError) as e:
            self.dev.dma_to_device(self.dev.vram_size - 4, b"12345678")
        self.assertEqual(e.exception.name, "DMA_FAULT")
        self.assertEqual(self.dev.ping(b"still here"), b"still here")

    def test_faulting_kernel(self):
        with open(os.path.join(KERNELS, "vecadd.bin"), "rb") as f:
            entry = self.dev.load_kernel(f.read(), 0x2000, fmt=P.FORMAT_FLAT).entry
        self.dev.vram_write(0x3000, struct.pack("<4I", 16, 0x10000000, 0x10000000, 0x10000000))
        r = self.dev.launch(entry, 0x3000, (1,), (16,))
        self.assertEqual(r.result, -1)
        self.assertEqual(r.fault_kind, "out_of_bounds")
        self.assertEqual(self.dev.read32(R.FAULT_KIND), R.FAULT_KINDS.index("out_of_bounds"))
        self.assertTrue(self.dev.read32(R.ERROR_STATUS) & R.ERR_KERNEL_FAULT)

    def test_launch_checked(self):
        # vecadd of 16 elements, b declared one float short: lane 15's load of b[15] is past its end
        with open(os.path.join(KERNELS, "vecadd.bin"), "rb") as f:
            entry = self.dev.load_kernel(f.read(), 0x2000, fmt=P.FORMAT_FLAT).entry
        a, b, c, args = 0x10000, 0x10100, 0x10200, 0x10300
        self.dev.vram_write(args, struct.pack("<4I", 16, a, b, c))
        regions = [(a, 64, P.REGION_INITIALIZED, "a"), (b, 60, P.REGION_INITIALIZED, "b"), (c, 64, 0, "c"),
                   (args, 16, P.REGION_INITIALIZED, "arguments")]
        r, found = self.dev.launch_checked(entry, args, (1,), (16,), "all", regions)
        self.assertEqual(r.result, 0)
        self.assertEqual((found.errors, found.warnings), (1, 0))
        self.assertEqual([f["kind"] for f in found.findings], ["out_of_bounds"])
        self.assertEqual(found.findings[0]["thread"], [15, 0, 0])
        self.assertEqual(found.findings[0]["message"], "load of 4 bytes at 0 bytes past the end of 'b' (60 bytes)")
        self.assertIn("error   memcheck out_of_bounds", found.report)
        with self.assertRaises(ValueError):
            self.dev.launch_checked(entry, args, (1,), (16,), ["nocheck"], regions)

    def test_kernel_failed_exception(self):
        gpu = Gpu.unix(SOCKET, kernel_dir=KERNELS)
        try:
            gpu._begin()
            with self.assertRaises(KernelFailed) as e:
                gpu._run("vecadd", [4, 0x7FFFFFF0, 0, 0], (1,), (4,))
            self.assertEqual(e.exception.result.fault_kind, "out_of_bounds")
        finally:
            gpu.close()


if __name__ == "__main__":
    unittest.main()
