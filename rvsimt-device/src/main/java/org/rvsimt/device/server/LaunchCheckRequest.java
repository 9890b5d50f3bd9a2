package org.rvsimt.device.server;

import static org.rvsimt.device.protocol.Protocol.*;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.device.protocol.PayloadReader;
import org.rvsimt.device.protocol.PayloadWriter;
import org.rvsimt.device.protocol.ProtocolException;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.observe.checks.Check;
import org.rvsimt.observe.checks.CheckResult;
import org.rvsimt.observe.checks.Region;

/** The checks part of LAUNCH_CHECKED (docs/protocol.md): reading the request's fields, writing the reply's. */
final class LaunchCheckRequest {
    private static final int NAME_BYTES = 256;

    private LaunchCheckRequest() { }

    /** The fields after LAUNCH's: the checks bit mask and the client's regions. */
    static DeviceModel.CheckRequest read(PayloadReader r) throws ProtocolException {
        int mask = r.u32("checks");
        Check[] all = Check.values();
        if (mask == 0 || (mask & ~((1 << all.length) - 1)) != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "checks 0x" + Integer.toHexString(mask)
                    + ": bits 0..3 (memcheck, racecheck, synccheck, initcheck), at least one");
        }
        Set<Check> checks = EnumSet.noneOf(Check.class);
        for (Check c : all) {
            if ((mask & 1 << c.ordinal()) != 0) {
                checks.add(c);
            }
        }
        long count = r.u32("region_count") & 0xFFFF_FFFFL;
        if (count > MAX_REGIONS) {
            throw new ProtocolException(E_BAD_ARGUMENT, "region_count " + count + " (at most " + MAX_REGIONS + ")");
        }
        List<Region> regions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long address = r.u64("region address");
            long size = r.u32("region size") & 0xFFFF_FFFFL;
            int flags = r.u32("region flags");
            String name = r.str("region name", NAME_BYTES);
            if (address + size > 1L << 32 || size > Integer.MAX_VALUE) {
                throw new ProtocolException(E_BAD_ARGUMENT, String.format(
                        "region %d '%s' [0x%x, 0x%x) is outside the 32-bit address space", i, name, address, address + size));
            }
            if ((flags & ~(REGION_INITIALIZED | REGION_FREED)) != 0) {
                throw new ProtocolException(E_BAD_ARGUMENT, "region " + i + " flags 0x" + Integer.toHexString(flags)
                        + ": only bits 0 (initialized) and 1 (freed) are defined");
            }
            Region.State state = (flags & REGION_FREED) != 0 ? Region.State.FREED
                    : (flags & REGION_INITIALIZED) != 0 ? Region.State.INITIALIZED : Region.State.UNINITIALIZED;
            regions.add(new Region(name, (int) address, (int) size, state, null));
        }
        return new DeviceModel.CheckRequest(checks, regions);
    }

    /** LAUNCH's reply fields ({@code launch}), then the findings. */
    static byte[] reply(PayloadWriter launch, DeviceModel.Outcome o, int tag) {
        CheckResult c = o.diagnostics() == null ? null : o.diagnostics().checks();
        if (c == null) {       // a refused dispatch ran no checks
            return launch.u32(0).u32(0).str("").str("[]").frame(LAUNCH_CHECKED | REPLY_BIT, tag);
        }
        SourceLines lines = o.diagnostics().lines();
        return launch.u32((int) c.errors()).u32((int) c.warnings()).str(c.text(lines)).str(c.jsonText(lines))
                .frame(LAUNCH_CHECKED | REPLY_BIT, tag);
    }
}
