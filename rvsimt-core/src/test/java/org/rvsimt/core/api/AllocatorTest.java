package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The device allocator through Device.alloc/allocAt/free: alignment, coalescing, misuse, exhaustion. */
class AllocatorTest {
    static final long VRAM = 4L << 20;

    static Device device() {
        return Device.open(DeviceConfig.defaults().withVram(VRAM).withThreads(1));
    }

    @Test
    void defaultAlignmentIs256AndBuffersDoNotOverlap() {
        try (Device d = device()) {
            List<Buffer> bs = new ArrayList<>();
            for (int size : new int[] {1, 3, 255, 256, 257, 1000, 4096, 7}) {
                Buffer b = d.alloc(size);
                assertThat(b.address() % 256).as("address of %d bytes", size).isZero();
                assertThat(b.size()).isEqualTo(size);
                assertThat(Integer.toUnsignedLong(b.address())).isGreaterThanOrEqualTo(Device.HEAP_START);
                assertThat(Integer.toUnsignedLong(b.address()) + size).isLessThanOrEqualTo(VRAM);
                for (Buffer o : bs) {
                    boolean disjoint = b.address() + b.size() <= o.address() || o.address() + o.size() <= b.address();
                    assertThat(disjoint).as("%s and %s", b, o).isTrue();
                }
                bs.add(b);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 4, 16, 64, 1024, 4096, 65536, 1 << 20})
    void customPowerOfTwoAlignment(long alignment) {
        try (Device d = device()) {
            d.alloc(3, 1);           // disturb the start
            Buffer b = d.alloc(100, alignment);
            assertThat(Integer.toUnsignedLong(b.address()) % alignment).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, -256, 3, 6, 100, 257})
    void nonPowerOfTwoAlignmentIsRejected(long alignment) {
        try (Device d = device()) {
            assertThatThrownBy(() -> d.alloc(16, alignment)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("power of two").hasMessageContaining(Long.toString(alignment));
            assertThat(d.allocatedBytes()).isZero();
        }
    }

    @Test
    void freeCoalescesWithBothNeighbours() {
        try (Device d = device()) {
            Buffer a = d.alloc(1024);
            Buffer b = d.alloc(1024);
            Buffer c = d.alloc(1024);
            assertThat(b.address()).isEqualTo(a.address() + 1024);
            assertThat(c.address()).isEqualTo(b.address() + 1024);
            d.free(b);
            d.free(a);
            Buffer ab = d.alloc(2048);
            assertThat(ab.address()).as("A+B fits where A was").isEqualTo(a.address());
            d.free(ab);
            d.free(c);
            // Everything is free again and coalesced: the whole heap is one block.
            assertThat(d.allocatedBytes()).isZero();
            Buffer all = d.alloc(VRAM - Device.HEAP_START);
            assertThat(Integer.toUnsignedLong(all.address())).isEqualTo(Device.HEAP_START);
        }
    }

    @Test
    void freeCoalescesInTheOtherOrder() {
        try (Device d = device()) {
            Buffer a = d.alloc(1000);
            Buffer b = d.alloc(1000);
            Buffer c = d.alloc(1000);
            d.free(a);
            d.free(b);
            Buffer ab = d.alloc(2000);
            assertThat(ab.address()).isEqualTo(a.address());
            assertThat(c.address()).isGreaterThan(ab.address());
        }
    }

    /** Random alloc/free; at the end everything coalesces back into one heap-sized block. */
    @Test
    void randomChurnCoalescesBackToOneBlock() {
        try (Device d = device()) {
            Random r = new Random(1);
            List<Buffer> live = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                if (live.isEmpty() || r.nextInt(3) != 0) {
                    try {
                        live.add(d.alloc(1 + r.nextInt(20000), 1L << r.nextInt(10)));
                    } catch (DeviceException e) {
                        assertThat(e.getMessage()).contains("out of device memory");
                    }
                } else {
                    d.free(live.remove(r.nextInt(live.size())));
                }
            }
            live.forEach(d::free);
            assertThat(d.allocatedBytes()).isZero();
            assertThat(d.alloc(VRAM - Device.HEAP_START).address()).isEqualTo((int) Device.HEAP_START);
        }
    }

    @Test
    void doubleFreeIsADeviceException() {
        try (Device d = device()) {
            Buffer a = d.alloc(100);
            d.alloc(100);
            d.free(a);
            assertThatThrownBy(() -> d.free(a)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining(String.format("0x%x", a.address())).hasMessageContaining("double free");
        }
    }

    @Test
    void freeingAViewIsADeviceException() {
        try (Device d = device()) {
            Buffer a = d.alloc(100);
            Buffer v = a.view(16, 32);
            assertThatThrownBy(() -> d.free(v)).isInstanceOf(DeviceException.class).hasMessageContaining("view");
            Buffer whole = a.view(0, 100);
            assertThatThrownBy(() -> d.free(whole)).isInstanceOf(DeviceException.class).hasMessageContaining("view");
            d.free(a);     // the parent is still live and can be freed
            assertThat(d.allocatedBytes()).isZero();
        }
    }

    /** An address inside a live allocation cannot be freed (only reachable below the public API). */
    @Test
    void freeingAnAddressInsideAnAllocation() {
        Allocator al = new Allocator(Device.HEAP_START, VRAM);
        long a = al.allocate(1000, 256);
        assertThatThrownBy(() -> al.release(a + 16)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("inside the allocation").hasMessageContaining(String.format("0x%x", a));
        assertThatThrownBy(() -> al.release(VRAM + 4096)).isInstanceOf(DeviceException.class)
                .hasMessageContaining("no live allocation");
        al.release(a);
        assertThat(al.liveBytes()).isZero();
        assertThat(al.freeBlocks()).isEqualTo(1);
    }

    @Test
    void outOfMemoryNamesTheSize() {
        try (Device d = device()) {
            Buffer keep = d.alloc(1000).write(new int[] {1, 2, 3});
            assertThatThrownBy(() -> d.alloc(5_000_000)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("5000000").hasMessageContaining("out of device memory");
            assertThatThrownBy(() -> d.alloc(1L << 40)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining(Long.toString(1L << 40));
            assertThatThrownBy(() -> d.alloc(16, 1L << 31)).isInstanceOf(DeviceException.class);
            // Nothing was half-allocated; the device keeps working.
            assertThat(d.allocatedBytes()).isEqualTo(1000);
            assertThat(keep.readInts()[2]).isEqualTo(3);
            assertThat(d.alloc(1000).size()).isEqualTo(1000);
        }
    }

    @Test
    void exhaustThenRecover() {
        try (Device d = device()) {
            List<Buffer> bs = new ArrayList<>();
            try {
                while (true) {
                    bs.add(d.alloc(64 * 1024));
                }
            } catch (DeviceException e) {
                assertThat(e.getMessage()).contains("65536");
            }
            assertThat(bs).hasSize((int) ((VRAM - Device.HEAP_START) / (64 * 1024)));
            bs.forEach(d::free);
            assertThat(d.alloc(VRAM - Device.HEAP_START)).isNotNull();
        }
    }

    @Test
    void allocAtOverlappingALiveBufferFails() {
        try (Device d = device()) {
            Buffer a = d.alloc(4096);
            assertThatThrownBy(() -> d.allocAt(a.address() + 16, 16)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("not free");
            assertThatThrownBy(() -> d.allocAt(a.address() - 16, 32)).isInstanceOf(DeviceException.class);
            assertThatThrownBy(() -> d.allocAt(a.address(), 1)).isInstanceOf(DeviceException.class);
            Buffer after = d.allocAt(a.address() + 4096, 16);
            assertThat(after.address()).isEqualTo(a.address() + 4096);
            Buffer fixed = d.allocAt(0x300000, 64);
            assertThatThrownBy(() -> d.allocAt(0x300020, 64)).isInstanceOf(DeviceException.class);
            d.free(fixed);
            assertThat(d.allocAt(0x300020, 64).address()).isEqualTo(0x300020);
        }
    }

    @Test
    void allocAtOutsideTheHeapFails() {
        try (Device d = device()) {
            assertThatThrownBy(() -> d.allocAt(0x10, 16)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("0x10");
            assertThatThrownBy(() -> d.allocAt(VRAM - 8, 16)).isInstanceOf(DeviceException.class);
            assertThatThrownBy(() -> d.allocAt(0x7FFFFFF0L, 16)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("0x7ffffff0");
            assertThatThrownBy(() -> d.allocAt(-5, 16)).isInstanceOf(DeviceException.class);
            assertThat(d.allocatedBytes()).isZero();
        }
    }

    @Test
    void zeroByteAllocations() {
        try (Device d = device()) {
            Buffer a = d.alloc(0);
            Buffer b = d.alloc(0);
            assertThat(a.size()).isZero();
            assertThat(a.address()).isNotEqualTo(b.address());
            assertThat(a.readBytes()).isEmpty();
            assertThat(a.readFloats()).isEmpty();
            a.write(new byte[0]);
            d.free(a);
            d.free(b);
            assertThat(d.allocatedBytes()).isZero();
        }
    }

    /** A kernel linked inside the heap claims its range: no buffer is placed over it. */
    @Test
    void kernelImageInTheHeapIsReserved() {
        try (Device d = device()) {
            byte[] ret = {0x67, (byte) 0x80, 0, 0};
            Kernel k = Kernel.fromBinary(ret, (int) Device.HEAP_START, (int) Device.HEAP_START, "high");
            assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0).ok()).isTrue();
            Buffer b = d.alloc(64);
            assertThat(Integer.toUnsignedLong(b.address())).isGreaterThanOrEqualTo(Device.HEAP_START + 4);
            assertThatThrownBy(() -> d.allocAt(Device.HEAP_START, 4)).isInstanceOf(DeviceException.class);
            assertThat(d.launch(k, Dim3.of(1), Dim3.of(1), 0).ok()).as("relaunch reuses its reservation").isTrue();
        }
    }

    /** A kernel whose range is already taken by a buffer is a DeviceException, not corruption. */
    @Test
    void kernelImageOverABufferFails() {
        try (Device d = device()) {
            Buffer b = d.allocAt(0x200000, 4096).write(new int[] {42});
            byte[] ret = {0x67, (byte) 0x80, 0, 0};
            Kernel k = Kernel.fromBinary(ret, 0x200000, 0x200000, "clash");
            assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0)).isInstanceOf(DeviceException.class);
            assertThat(b.readInts()[0]).as("the buffer was not overwritten").isEqualTo(42);
        }
    }
}
