package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.rvsimt.device.TestSupport.*;

import java.io.EOFException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.protocol.Protocol;
import org.rvsimt.device.server.DeviceServer;

/** The protocol over loopback TCP, with and without a token. */
@Timeout(60)
class TcpTest {
    @TempDir
    Path dir;

    @Test
    void loopbackTcpServesTheSameProtocol() throws Exception {
        try (DeviceServer s = unixServer(dir, o -> o.withListen("127.0.0.1", 0));
             DeviceClient c = DeviceClient.connect("127.0.0.1", s.tcpAddress().getPort(), TIMEOUT_MS)) {
            c.hello(null);
            DeviceClient.Loaded k = c.loadKernel(0, 0, flat("vecadd"));
            c.vramWrite(0x1000, ints(4, 0x2000, 0x3000, 0x4000));
            c.vramWrite(0x2000, floats(1, 2, 3, 4));
            c.vramWrite(0x3000, floats(10, 20, 30, 40));
            assertThat(c.launch(k.entry(), 0x1000, new int[] {1, 1, 1}, new int[] {4, 1, 1}, 0, 0, 0).ok()).isTrue();
            assertThat(toFloats(c.vramRead(0x4000, 16))).containsExactly(11, 22, 33, 44);
        }
    }

    @Test
    void aTokenIsRequiredOverTcpButNotOnTheUnixSocket() throws Exception {
        try (DeviceServer s = unixServer(dir, o -> o.withListen("127.0.0.1", 0).withRemote(false, "s3cret"))) {
            int port = s.tcpAddress().getPort();
            for (String bad : new String[] {null, "wrong", "s3cre", "s3cret!"}) {
                try (DeviceClient c = DeviceClient.connect("127.0.0.1", port, TIMEOUT_MS)) {
                    assertThatThrownBy(() -> c.hello(bad)).isInstanceOf(DeviceClient.ServerError.class)
                            .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(Protocol.E_AUTH));
                    assertThatThrownBy(c::readFrame).isInstanceOf(EOFException.class);
                }
            }
            try (DeviceClient c = DeviceClient.connect("127.0.0.1", port, TIMEOUT_MS)) {
                c.hello("s3cret");
                assertThat(c.read32(RegisterMap.DEV_ID)).isEqualTo(RegisterMap.DEV_ID_VALUE);
            }
            try (DeviceClient c = client(s)) {              // the socket file is already owner-only
                assertThat(c.read32(RegisterMap.DEV_ID)).isEqualTo(RegisterMap.DEV_ID_VALUE);
            }
        }
    }
}
