package org.rvsimt.core.api;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A range of device memory, with typed little-endian copies in and out. A view shares the memory
 * of its parent; only the buffer returned by {@link Device#alloc} can be freed.
 */
public final class Buffer {
    private final Device device;
    private final int address;
    private final int size;
    private final boolean view;

    Buffer(Device device, int address, int size, boolean view) {
        this.device = device;
        this.address = address;
        this.size = size;
        this.view = view;
    }

    Device device() {
        return device;
    }

    /** Device address: what a kernel receives as the argument. */
    public int address() {
        return address;
    }

    public int size() {
        return size;
    }

    public boolean isView() {
        return view;
    }

    /** A sub-range sharing this buffer's memory. */
    public Buffer view(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new DeviceException(String.format("view [%d, %d) is outside the buffer of %d bytes", offset,
                    (long) offset + length, size));
        }
        return new Buffer(device, address + offset, length, true);
    }

    public Buffer write(byte[] data) {
        return write(0, data);
    }

    public Buffer write(int offset, byte[] data) {
        check(offset, data.length);
        device.vram().write(address + offset, data, 0, data.length);
        device.hostWrote(address + offset, data.length);
        return this;
    }

    public Buffer write(float[] values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bb.asFloatBuffer().put(values);
        return write(bb.array());
    }

    public Buffer write(int[] values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bb.asIntBuffer().put(values);
        return write(bb.array());
    }

    public byte[] readBytes() {
        return readBytes(0, size);
    }

    public byte[] readBytes(int offset, int length) {
        check(offset, length);
        byte[] out = new byte[length];
        device.vram().read(address + offset, out, 0, length);
        return out;
    }

    public float[] readFloats() {
        float[] out = new float[size / 4];
        ByteBuffer.wrap(readBytes(0, out.length * 4)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }

    public int[] readInts() {
        int[] out = new int[size / 4];
        ByteBuffer.wrap(readBytes(0, out.length * 4)).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    public Buffer fill(byte value) {
        device.vram().fill(address, size, value);
        device.hostWrote(address, size);
        return this;
    }

    private void check(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new DeviceException(String.format("copy of %d bytes at offset %d does not fit the buffer of %d bytes",
                    length, offset, size));
        }
    }

    @Override
    public String toString() {
        return String.format("Buffer[0x%08x, %d bytes]", address, size);
    }
}
