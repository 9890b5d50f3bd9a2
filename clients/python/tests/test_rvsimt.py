"""Tests of the rvsimt package (numpy host API) against a running server, with answers numpy computes.

    RVSIMT_SERVER=unix:/path/gpu.sock /usr/bin/python3 -m unittest discover -s tests -p 'test_rvsimt.py'

(rvsimt-device's PythonPackageTest starts the server and runs this; without RVSIMT_SERVER the
package starts a private server.)
"""
import os
import sys
import unittest

import numpy as np

if not os.environ.get("RVSIMT_TEST_INSTALLED"):  # else: the package pip installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import rvsimt  # noqa: E402

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels")
# The clients' shared assembly kernels (clients/kernels), which the C and register-level clients use too.
SHARED_KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "kernels")


class RvsimtPackageTest(unittest.TestCase):
    dev: rvsimt.Device

    @classmethod
    def setUpClass(cls) -> None:
        cls.dev = rvsimt.Device()
        cls.cl = cls.dev.compile(os.path.join(KERNELS, "vecadd.cl"))

    @classmethod
    def tearDownClass(cls) -> None:
        cls.dev.close()

    def test_opencl_kernel_numpy_in_and_out(self) -> None:
        a = np.arange(1000, dtype=np.float32)
        b = np.float32(0.25) * a
        c = np.zeros_like(a)
        stats = self.cl.vecadd(4, 256, a, b, c, np.int32(1000))
        np.testing.assert_array_equal(c, a + b)
        self.assertGreater(stats["warp_instructions"], 0)
        self.assertEqual(stats["fault"], "none")
        self.assertEqual(self.cl.names, ["block_sums", "poke", "scale4", "vecadd"])

    def test_timing_report_as_a_dict(self) -> None:
        a = np.arange(1000, dtype=np.float32)
        c = np.zeros_like(a)
        stats = self.cl.vecadd(4, 256, a, a, c, np.int32(1000), timing=True)
        np.testing.assert_array_equal(c, a + a)
        t = stats["timing"]
        self.assertEqual(t["gpu"], "volta")      # the default preset, as rvsimt run --timing
        self.assertGreater(t["cycles"], 0)
        self.assertAlmostEqual(t["duration_us"], t["cycles"] / t["clock_mhz"], delta=1e-6 * t["duration_us"])
        # what vecadd must move and compute: 1000 additions, two 4000-byte inputs read, 4000 bytes written
        self.assertEqual(t["roofline"]["flops"], 1000)
        self.assertGreaterEqual(t["dram"]["read_bytes"], 8000)
        self.assertGreaterEqual(t["dram"]["write_bytes"], 4000)
        self.assertNotIn("timing", self.cl.vecadd(4, 256, a, a, c, np.int32(1000)))
        self.assertEqual(self.cl.vecadd(4, 256, a, a, c, np.int32(1000), timing="vortex")["timing"]["gpu"], "vortex")
        with self.assertRaises(rvsimt.RvsimtError) as e:
            self.cl.vecadd(4, 256, a, a, c, np.int32(1000), timing="nope")
        self.assertIn("no GPU preset 'nope'", str(e.exception))

    def test_local_memory_and_device_resident_buffers(self) -> None:
        data = np.random.default_rng(3).integers(-1000, 1000, 4096).astype(np.int32)
        din = self.dev.buffer(data)
        dout = self.dev.buffer(shape=(32,), dtype=np.int32)
        for _ in range(2):  # the same buffers serve several launches
            self.cl.block_sums(32, 128, din, dout, rvsimt.Local(128 * 4))
        np.testing.assert_array_equal(dout.read(), data.reshape(32, 128).sum(axis=1))
        din.free()
        dout.free()

    def test_vector_value_argument(self) -> None:
        v = np.arange(64 * 4, dtype=np.float32).reshape(64, 4)
        want = v * np.array([1, 2, 3, 4], np.float32)
        self.cl.scale4(1, 64, v, np.array([1, 2, 3, 4], np.float32))
        np.testing.assert_array_equal(v, want)

    def test_c_kernel(self) -> None:
        k = self.dev.compile(os.path.join(KERNELS, "saxpy.c"))
        x = np.linspace(-1, 1, 300, dtype=np.float32)
        y = np.ones(300, np.float32)
        want = np.float32(2) * x + y
        k.saxpy(3, 128, 300, 2.0, x, y)
        np.testing.assert_allclose(y, want, rtol=1e-6, atol=1e-6)

    def test_assembly_kernel(self) -> None:
        k = self.dev.compile(os.path.join(SHARED_KERNELS, "vecadd.S"))
        a = np.arange(100, dtype=np.float32)
        c = np.zeros_like(a)
        k.vecadd(2, 32, 100, a, a, c)
        np.testing.assert_array_equal(c, 2 * a)

    def test_fault_is_an_exception_with_the_one_line_message(self) -> None:
        p = np.zeros(4, np.int32)
        with self.assertRaises(rvsimt.KernelFault) as e:
            self.cl.poke(1, 1, p)
        self.assertEqual(e.exception.kind, "out_of_bounds")
        self.assertIn("poke", str(e.exception))
        self.assertNotIn("\n", str(e.exception))
        # the device still works
        a = np.ones(8, np.float32)
        c = np.zeros_like(a)
        self.cl.vecadd(1, 8, a, a, c, np.int32(8))
        np.testing.assert_array_equal(c, 2 * a)

    def test_build_error_and_bad_arguments(self) -> None:
        bad = os.path.join(os.environ.get("TMPDIR", "/tmp"), "rvsimt_bad_%d.cl" % os.getpid())
        with open(bad, "w") as f:
            f.write("__kernel void k(__global int *p) { p[0] = undeclared_name; }\n")
        try:
            with self.assertRaises(rvsimt.BuildError) as e:
                self.dev.compile(bad)
            self.assertIn("undeclared_name", str(e.exception))
            self.assertIn("undeclared_name", e.exception.log)
        finally:
            os.unlink(bad)
        with self.assertRaises(rvsimt.ArgumentError):
            self.cl.vecadd(1, 8, np.ones(8, np.float32))
        with self.assertRaises(rvsimt.ArgumentError):
            self.cl.block_sums(1, 8, np.ones(8, np.int32), np.ones(1, np.int32), 32)
        with self.assertRaises(rvsimt.RvsimtError):
            self.cl.no_such_kernel


if __name__ == "__main__":
    unittest.main()
