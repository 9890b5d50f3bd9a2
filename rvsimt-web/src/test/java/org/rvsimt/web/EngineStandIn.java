package org.rvsimt.web;

import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.Tracer;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;

/**
 * Plays the engine's side of the trace API for a straight-line kernel: this branch predates the
 * engine's trace hooks (Device/DeviceModel.setTracer), so the browser test feeds the live tracer
 * the calls the engine makes (TraceChannel's contract) for {@code warps} warps of one block that
 * each run every instruction with all lanes, meet at a barrier halfway and finish. Once the hooks
 * are merged the real engine replaces this class.
 */
final class EngineStandIn {
    private EngineStandIn() { }

    static void replay(Tracer tracer, long launch, String source, int base, int warps) throws Exception {
        byte[] image = Assembler.assemble(source, "k.S", AsmOptions.defaults()).flatImage();
        int[] code = new int[image.length / 4];
        for (int i = 0; i < code.length; i++) {
            code[i] = (image[4 * i] & 0xFF) | (image[4 * i + 1] & 0xFF) << 8 | (image[4 * i + 2] & 0xFF) << 16
                    | (image[4 * i + 3] & 0xFF) << 24;
        }
        tracer.launchBegin(launch, "k", base, code, base, new int[] {1, 1, 1}, new int[] {32 * warps, 1, 1}, 32, 1);
        TraceChannel c = tracer.channel(0);
        c.blockBegin(0, 0, 0, 0, warps);
        int half = code.length / 2;
        for (int[] range : new int[][] {{0, half}, {half, code.length}}) {
            for (int w = 0; w < warps; w++) {
                for (int i = range[0]; i < range[1]; i++) {
                    int pc = base + 4 * i;
                    if (c.wantsInstruction(pc, 0, w)) {
                        c.instruction(pc, code[i], 0, w, 0xFFFF_FFFFL, null, 0);
                    }
                    c.advance(1);
                }
                if (range[0] == 0) {
                    c.barrierWait(0, w, base + 4 * half, -1);
                } else {
                    c.warpDone(0, w, base + 4 * (code.length - 1));
                }
            }
            if (range[0] == 0) {
                c.divergence(0, 0, base + 4, 0xFFFFL, 0xFFFF_0000L);    // marks a pc in the heat view
                c.barrierRelease(0, -1);
            }
        }
        c.blockEnd(0, (long) warps * code.length, 32L * warps * code.length);
        tracer.launchEnd(launch, "ok", (long) warps * code.length, 32L * warps * code.length, 1000);
    }
}
