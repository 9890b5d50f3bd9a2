package org.rvsimt.core.exec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.exec.simt.Warp;

/**
 * The block's console: bytes its threads write (the console register, ecall write, printf) collect per
 * thread and become one output line per newline, prefixed with the thread's block and thread ids.
 */
public final class BlockConsole {
    private final BlockContext block;
    private final StringBuilder[] lines;
    private final List<String> output = new ArrayList<>();

    BlockConsole(BlockContext block, int threads) {
        this.block = block;
        this.lines = new StringBuilder[threads];
    }

    /** The lines the block has written so far. */
    public List<String> lines() {
        return output;
    }

    void clear() {
        output.clear();
    }

    public void putByte(Warp w, int lane, int c) {
        int t = block.threadLinear(w, lane);
        if (lines[t] == null) {
            lines[t] = new StringBuilder();
        }
        if (c == '\n') {
            flushLine(t);
        } else if (lines[t].length() < 4096) {
            lines[t].append((char) c);
        }
    }

    public void write(Warp w, int lane, byte[] bytes) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        for (int i = 0; i < s.length(); i++) {
            putByte(w, lane, s.charAt(i));
        }
    }

    private void flushLine(int t) {
        int[] b = block.spec.block();
        output.add(String.format("[block (%d,%d,%d) thread (%d,%d,%d)] %s", block.bx, block.by, block.bz, t % b[0], (t / b[0]) % b[1],
                t / (b[0] * b[1]), lines[t]));
        lines[t].setLength(0);
    }

    /** Emits unterminated console lines at the end of the block. */
    void flush() {
        for (int t = 0; t < lines.length; t++) {
            if (lines[t] != null && !lines[t].isEmpty()) {
                flushLine(t);
            }
        }
    }
}
