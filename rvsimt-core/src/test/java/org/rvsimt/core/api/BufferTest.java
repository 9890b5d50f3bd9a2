package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Typed little-endian copies, views, and the range checks on every copy. */
class BufferTest {
    Device d;

    @BeforeEach
    void open() {
        d = Device.open(DeviceConfig.defaults().withVram(4L << 20).withThreads(1));
    }

    @AfterEach
    void close() {
        d.close();
    }

    @Test
    void floatRoundTrip() {
        float[] v = {0f, -0f, 1.5f, -2.25f, Float.MIN_VALUE, Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN};
        Buffer b = d.alloc(4L * v.length).write(v);
        float[] back = b.readFloats();
        for (int i = 0; i < v.length; i++) {
            assertThat(Float.floatToRawIntBits(back[i])).isEqualTo(Float.floatToRawIntBits(v[i]));
        }
    }

    @Test
    void intRoundTripIsLittleEndian() {
        Buffer b = d.alloc(12).write(new int[] {0x04030201, -1, Integer.MIN_VALUE});
        assertThat(b.readBytes(0, 4)).containsExactly(1, 2, 3, 4);
        assertThat(b.readInts()).containsExactly(0x04030201, -1, Integer.MIN_VALUE);
        assertThat(d.memory()[b.address()]).isEqualTo((byte) 1);
    }

    @Test
    void bytesAtAnOffset() {
        Buffer b = d.alloc(16).fill((byte) 0);
        b.write(5, new byte[] {9, 8, 7});
        assertThat(b.readBytes(4, 5)).containsExactly(0, 9, 8, 7, 0);
        b.fill((byte) 0x5A);
        assertThat(b.readBytes()).containsOnly(0x5A);
    }

    @Test
    void viewsShareMemoryAtTheirOffset() {
        Buffer b = d.alloc(64).fill((byte) 0);
        Buffer v = b.view(8, 16);
        assertThat(v.address()).isEqualTo(b.address() + 8);
        assertThat(v.size()).isEqualTo(16);
        assertThat(v.isView()).isTrue();
        assertThat(b.isView()).isFalse();
        v.write(new int[] {1, 2, 3, 4});
        assertThat(b.readInts()).containsExactly(0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        Buffer vv = v.view(4, 8);
        assertThat(vv.address()).isEqualTo(b.address() + 12);
        assertThat(vv.readInts()).containsExactly(2, 3);
        assertThat(b.view(64, 0).size()).isZero();
    }

    @Test
    void copiesOutsideTheBufferAreDeviceExceptions() {
        Buffer b = d.alloc(8);
        assertThatThrownBy(() -> b.write(new float[3])).isInstanceOf(DeviceException.class)
                .hasMessageContaining("12 bytes").hasMessageContaining("8 bytes");
        assertThatThrownBy(() -> b.write(new int[3])).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.write(7, new byte[2])).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.write(-1, new byte[1])).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.write(Integer.MAX_VALUE, new byte[2])).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.readBytes(4, 5)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.readBytes(-4, 2)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.readBytes(0, -1)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.readBytes(Integer.MAX_VALUE, 2)).isInstanceOf(DeviceException.class);
    }

    @Test
    void viewsOutsideTheBufferAreDeviceExceptions() {
        Buffer b = d.alloc(64);
        assertThatThrownBy(() -> b.view(60, 8)).isInstanceOf(DeviceException.class).hasMessageContaining("64 bytes");
        assertThatThrownBy(() -> b.view(-1, 8)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.view(0, -1)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> b.view(Integer.MAX_VALUE, Integer.MAX_VALUE)).isInstanceOf(DeviceException.class);
        Buffer v = b.view(16, 16);
        assertThatThrownBy(() -> v.view(8, 16)).isInstanceOf(DeviceException.class);
        assertThatThrownBy(() -> v.write(new int[5])).as("a view's own size bounds its copies")
                .isInstanceOf(DeviceException.class);
    }

    @Test
    void typedReadsOfOddSizesTruncate() {
        Buffer b = d.alloc(10).write(new byte[] {1, 0, 0, 0, 2, 0, 0, 0, 3, 0});
        assertThat(b.readInts()).containsExactly(1, 2);
        assertThat(b.readFloats()).hasSize(2);
    }

    @Test
    void toStringNamesAddressAndSize() {
        Buffer b = d.alloc(32);
        assertThat(b.toString()).contains(String.format("0x%08x", b.address())).contains("32 bytes");
    }
}
