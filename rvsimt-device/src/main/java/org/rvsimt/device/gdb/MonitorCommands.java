package org.rvsimt.device.gdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.rvsimt.core.events.BlockState;

/** GDB's {@code monitor} commands: what the SIMT machine looks like beyond one thread's registers. */
final class MonitorCommands {
    /** The commands, with their help lines. */
    enum Command {
        WARPS("every warp of the stopped blocks: status, pc, active and exited lanes"),
        MASKS("the selected thread's warp: lanes with a thread, active lanes, exited lanes"),
        HELP("this list");

        final String help;

        Command(String help) {
            this.help = help;
        }

        String spelling() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private MonitorCommands() { }

    /** The text a command prints (always ending in a newline). */
    static String run(String line, DebugSession session, Optional<LaneThread> selected) {
        Command command = null;
        for (Command c : Command.values()) {
            if (c.spelling().equals(line)) {
                command = c;
            }
        }
        if (command == null) {
            return "unknown monitor command '" + line + "'; try 'monitor help'\n";
        }
        return switch (command) {
            case WARPS -> warps(session);
            case MASKS -> selected.map(MonitorCommands::masks).orElse("no thread is selected\n");
            case HELP -> help();
        };
    }

    private static String help() {
        StringBuilder s = new StringBuilder();
        for (Command c : Command.values()) {
            s.append(String.format("monitor %-6s %s%n", c.spelling(), c.help));
        }
        return s.toString();
    }

    private static String warps(DebugSession session) {
        StringBuilder s = new StringBuilder();
        List<Long> seen = new ArrayList<>();
        for (LaneThread t : session.threads()) {
            BlockState b = t.state();
            if (seen.contains(b.block())) {
                continue;
            }
            seen.add(b.block());
            for (int w = 0; w < b.warpCount(); w++) {
                LaneThread first = new LaneThread(t.host(), w, Long.numberOfTrailingZeros(b.lanes(w)));
                s.append(String.format("block (%d,%d,%d) warp %d: %-7s pc 0x%08x active 0x%x exited 0x%x%n",
                        b.blockX(), b.blockY(), b.blockZ(), w, b.status(w).name().toLowerCase(Locale.ROOT),
                        first.pc(), first.mask(), b.exited(w)));
            }
        }
        return s.isEmpty() ? "no block is stopped\n" : s.toString();
    }

    private static String masks(LaneThread t) {
        BlockState b = t.state();
        return String.format("block (%d,%d,%d) warp %d: threads 0x%x active 0x%x exited 0x%x%n", b.blockX(), b.blockY(),
                b.blockZ(), t.warp(), b.lanes(t.warp()), t.mask(), b.exited(t.warp()));
    }
}
