"""vecadd.py: drive the simulated GPU through its registers, as a driver does.

    python3 vecadd.py SOCKET KERNEL_DIR [N]

Loads vecadd.bin (clients/kernels/vecadd.S as a flat binary), DMAs a and b into VRAM, writes the
argument block, programs the dispatch registers, writes DISPATCH, waits for the completion
interrupt, DMAs c back and checks c[i] == a[i] + b[i] exactly (float32). Exit status 0 on success.
"""

import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rvsimt_client import Device, registers as R  # noqa: E402


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main(argv):
    if len(argv) < 3:
        print("usage: vecadd.py SOCKET KERNEL_DIR [N]", file=sys.stderr)
        return 2
    n = int(argv[3]) if len(argv) > 3 else 1000
    with open(os.path.join(argv[2], "vecadd.bin"), "rb") as f:
        image = f.read()
    a = [f32(i * 0.125 - 7.0) for i in range(n)]
    b = [f32(1.0 / (i + 3)) for i in range(n)]
    pa, pb, pc, pargs, kaddr = 0x100000, 0x200000, 0x300000, 0x0F0000, 0x7000

    with Device.unix(argv[1]) as dev:
        assert dev.read32(R.DEV_ID) == R.DEV_ID_VALUE
        dev.write32(R.GLOBAL_CTRL, R.CTRL_RESET)
        dev.write32(R.GLOBAL_CTRL, R.CTRL_ENABLE)
        entry = dev.load_kernel(image, kaddr, fmt=2).entry
        dev.write32(R.IRQ_ENABLE, R.IRQ_ALL)
        dev.dma_to_device(pa, struct.pack("<%df" % n, *a), irq=True)
        irq = dev.wait_interrupt(10)
        assert irq.vector == R.VECTOR_DMA_DONE, irq
        dev.write32(R.IRQ_ACK, R.IRQ_DMA_DONE)
        dev.dma_to_device(pb, struct.pack("<%df" % n, *b))
        dev.dma_to_device(pargs, struct.pack("<4I", n, pa, pb, pc))

        assert dev.read32(R.GLOBAL_STATUS) & R.STATUS_READY
        dev.write64(R.KERNEL_ADDR_LO, entry)
        dev.write64(R.KERNEL_ARGS_LO, pargs)
        for reg, value in ((R.GRID_DIM_X, (n + 255) // 256), (R.GRID_DIM_Y, 1), (R.GRID_DIM_Z, 1),
                           (R.BLOCK_DIM_X, 256), (R.BLOCK_DIM_Y, 1), (R.BLOCK_DIM_Z, 1), (R.SHARED_MEM_SIZE, 0)):
            dev.write32(reg, value)
        dev.write32(R.DISPATCH, 1)
        irq = dev.wait_interrupt(30)
        if irq.vector != R.VECTOR_KERNEL_DONE or irq.result != 0:
            print("vecadd: kernel failed: %s, ERROR_STATUS 0x%x, FAULT_KIND %s at pc 0x%x"
                  % (irq, dev.read32(R.ERROR_STATUS), R.FAULT_KINDS[dev.read32(R.FAULT_KIND)],
                     dev.read32(R.FAULT_PC)), file=sys.stderr)
            return 1
        status = dev.read32(R.IRQ_STATUS)
        dev.write32(R.IRQ_ACK, status)
        c = struct.unpack("<%df" % n, dev.dma_from_device(pc, 4 * n))

    bad = [i for i in range(n) if c[i] != f32(a[i] + b[i])]
    if bad:
        print("vecadd: %d of %d wrong, first c[%d] = %r" % (len(bad), n, bad[0], c[bad[0]]), file=sys.stderr)
        return 1
    print("vecadd: %d elements ok (irq_status 0x%x)" % (n, status))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
