package org.rvsimt.device.gdb;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Packet framing of the GDB Remote Serial Protocol over one socket: {@code $data#cs} with a modulo-256
 * checksum, {@code +}/{@code -} acknowledgments until no-ack mode, {@code }}-escapes for binary data,
 * and the out-of-band interrupt byte 0x03 (GDB manual, appendix E "Remote Protocol": Overview,
 * Packet Acknowledgment, Interrupts).
 */
final class RspChannel implements AutoCloseable {
    /** What {@link #read} returns for a Ctrl-C from the debugger. */
    static final byte[] INTERRUPT = new byte[0];
    /** Longest packet accepted; longer ones are drained and refused (we advertise PacketSize 0x4000). */
    static final int MAX_PACKET = 1 << 16;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private boolean noAck;
    private byte[] lastSent;

    RspChannel(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    void noAck() {
        noAck = true;
    }

    /**
     * The next packet's data, unescaped, or {@link #INTERRUPT}. A packet with a wrong checksum is
     * answered with {@code -} (GDB sends it again) and skipped; bytes outside a packet are ignored.
     *
     * @throws EOFException when the debugger closed the connection
     */
    byte[] read() throws IOException {
        while (true) {
            int b = in.read();
            switch (b) {
                case -1 -> throw new EOFException("debugger closed the connection");
                case 0x03 -> {
                    return INTERRUPT;
                }
                case '-' -> {
                    if (lastSent != null && !noAck) {
                        write(lastSent);
                    }
                }
                case '$' -> {
                    byte[] data = body();
                    if (data != null) {
                        if (!noAck) {
                            write(new byte[] {'+'});
                        }
                        return data;
                    }
                    if (!noAck) {
                        write(new byte[] {'-'});
                    }
                }
                default -> { }     // '+' acknowledgments and line noise
            }
        }
    }

    /** Reads up to '#' and the checksum; null when the checksum is wrong or the packet too long. */
    private byte[] body() throws IOException {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int sum = 0;
        boolean escape = false;
        boolean tooLong = false;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("debugger closed the connection");
            }
            if (b == '#') {
                break;
            }
            sum += b;
            if (data.size() >= MAX_PACKET) {
                tooLong = true;
                continue;
            }
            if (escape) {
                data.write(b ^ 0x20);
                escape = false;
            } else if (b == '}') {
                escape = true;
            } else {
                data.write(b);
            }
        }
        int hi = Character.digit(in.read(), 16);
        int lo = Character.digit(in.read(), 16);
        if (tooLong || hi < 0 || lo < 0 || (hi << 4 | lo) != (sum & 0xFF)) {
            return null;
        }
        return data.toByteArray();
    }

    /**
     * While the target runs: an interrupt or a closed connection within {@code millis}. Returns
     * true for Ctrl-C, false when nothing arrived; other bytes are dropped (GDB sends nothing else
     * while it waits for a stop in all-stop mode).
     */
    boolean pollInterrupt(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("debugger closed the connection");
            }
            return b == 0x03;
        } catch (SocketTimeoutException e) {
            return false;
        } finally {
            socket.setSoTimeout(0);
        }
    }

    void send(String data) throws IOException {
        send(data.getBytes(StandardCharsets.ISO_8859_1));
    }

    void send(byte[] data) throws IOException {
        ByteArrayOutputStream p = new ByteArrayOutputStream(data.length + 8);
        p.write('$');
        int sum = 0;
        for (byte d : data) {
            int b = d & 0xFF;
            if (b == '$' || b == '#' || b == '}' || b == '*') {
                p.write('}');
                sum += '}';
                b ^= 0x20;
            }
            p.write(b);
            sum += b;
        }
        p.write('#');
        p.writeBytes(String.format("%02x", sum & 0xFF).getBytes(StandardCharsets.ISO_8859_1));
        lastSent = p.toByteArray();
        write(lastSent);
    }

    private void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing left to tell the debugger
        }
    }
}
