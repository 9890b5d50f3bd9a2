package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;

class SmokeTest {
    @Test
    void vecaddRuns() throws Exception {
        String src = """
                .globl vecadd
                vecadd:
                    lw t0, 0(a0)        # n
                    lw t1, 4(a0)        # a
                    lw t2, 8(a0)        # b
                    lw t3, 12(a0)       # c
                    csrr t4, 0xCD3      # threadIdx.x
                    csrr t5, 0xCD6      # blockIdx.x
                    csrr t6, 0xCD9      # blockDim.x
                    mul t5, t5, t6
                    add t4, t4, t5      # i
                    bge t4, t0, 1f
                    slli t4, t4, 2
                    add t1, t1, t4
                    add t2, t2, t4
                    add t3, t3, t4
                    flw ft0, 0(t1)
                    flw ft1, 0(t2)
                    fadd.s ft0, ft0, ft1
                    fsw ft0, 0(t3)
                1:  ret
                """;
        try (Device d = Device.open(DeviceConfig.defaults())) {
            Kernel k = Kernel.fromAssembly(src, "vecadd.S");
            int n = 1000;
            float[] a = new float[n];
            float[] b = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = i;
                b[i] = 2 * i;
            }
            Buffer ba = d.alloc(4 * n).write(a);
            Buffer bb = d.alloc(4 * n).write(b);
            Buffer bc = d.alloc(4 * n);
            LaunchResult r = d.launch(k, Dim3.of((n + 255) / 256), Dim3.of(256), 0, n, ba, bb, bc);
            assertThat(r.fault()).isNull();
            float[] c = bc.readFloats();
            for (int i = 0; i < n; i++) {
                assertThat(c[i]).isEqualTo(3f * i);
            }
            assertThat(r.simtEfficiency()).isGreaterThan(0.9);
        }
    }
}
