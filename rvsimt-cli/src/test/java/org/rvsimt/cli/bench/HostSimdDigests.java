package org.rvsimt.cli.bench;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;

/**
 * The child process of {@link HostSimdDifferentialTest}: every bench case at its tiny size, once, on
 * the JIT at one host thread, in a JVM started with or without the Vector API module. Prints one
 * line per case: its name, the SHA-256 of the whole device memory after the launch, and whether the
 * output matched the case's Java reference.
 */
public final class HostSimdDigests {
    private HostSimdDigests() { }

    public static void main(String[] args) throws NoSuchAlgorithmException {
        BenchKernels files = new BenchKernels(BenchKernels.locate(null));
        for (BenchCase c : BenchRunner.allCases()) {
            Workload w = c.workload(Tier.TINY, files);
            DeviceConfig config = DeviceConfig.defaults().withEngine("jit").withThreads(1).withVram(w.vramBytes());
            try (Device d = Device.open(config)) {
                w.upload(d);
                w.reset(d);
                w.run(d);
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(d.memory());
                System.out.println(c.name() + " " + HexFormat.of().formatHex(digest) + " " + w.check(d).pass());
            }
        }
    }
}
