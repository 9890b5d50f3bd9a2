package org.rvsimt.observe.checks;

import org.rvsimt.core.events.AccessKind;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.MemorySpace;

/**
 * The checks on one host thread: blocks run here one after the other, their warps interleaved, so
 * the per-block state (race shadow, which shared bytes were written) needs no locks. What is shared
 * between host threads (the findings, initcheck's global record) is thread-safe.
 */
final class CheckListener implements ExecutionListener {
    private static final int SHARED_BASE = 0xC000_0000;

    private final CheckConsumer owner;
    private final boolean memcheck;
    private final boolean racecheck;
    private final boolean synccheck;
    private final boolean initcheck;
    private final LaunchShape shape;
    private final RaceShadow races;
    /** Per shared byte: the block serial that last wrote it (initcheck). */
    private final int[] sharedWritten;

    private long block = -1;
    private int[] blockIdx = {0, 0, 0};
    private int blockSerial;
    /** The current epoch: a new one at every block start and barrier release (racecheck). */
    private int epoch;

    CheckListener(CheckConsumer owner) {
        this.owner = owner;
        this.memcheck = owner.enabled(Check.MEMCHECK);
        this.racecheck = owner.enabled(Check.RACECHECK);
        this.synccheck = owner.enabled(Check.SYNCCHECK);
        this.initcheck = owner.enabled(Check.INITCHECK);
        this.shape = owner.shape();
        this.races = new RaceShadow(racecheck ? shape.sharedBytes() : 0);
        this.sharedWritten = initcheck ? new int[Math.max(0, shape.sharedBytes())] : new int[0];
    }

    @Override
    public void blockBegin(long b, int x, int y, int z, int warps) {
        block = b;
        blockIdx = new int[] {x, y, z};
        blockSerial++;
        epoch++;
        races.recycle();
    }

    @Override
    public void barrierRelease(long b, int id) {
        epoch++;
    }

    @Override
    public void instruction(InstructionEvent e) {
        AccessKind kind = e.accessKind();
        if (kind == null || !e.accessesKnown()) {
            return;
        }
        boolean atomic = kind != AccessKind.READ && kind != AccessKind.WRITE;
        for (int k = 0, n = e.accessCount(); k < n; k++) {
            MemorySpace space = e.accessSpace(k);
            if (space != MemorySpace.GLOBAL && space != MemorySpace.SHARED) {
                continue;
            }
            int lane = e.accessLane(k);
            long address = Integer.toUnsignedLong(e.accessAddress(k));
            int size = e.accessSize(k);
            int thread = shape.linearThread(e.warp(), lane);
            if (memcheck && atomic && address % size != 0) {
                report(e, lane, FindingKind.MISALIGNED_ATOMIC, address, null,
                        String.format("%d-byte %s at 0x%08x is not %d-byte aligned", size, describe(kind), address, size),
                        null);
            }
            if (space == MemorySpace.GLOBAL) {
                if (memcheck) {
                    MemoryLayout.Problem p = owner.layout().check(address, size);
                    if (p != null) {
                        report(e, lane, p.kind(), address, p.region(),
                                describe(kind) + " of " + p.message(), null);
                    }
                }
                if (initcheck && owner.init() != null) {
                    if (kind.reads()) {
                        // An atomic reads and writes in one step: test and mark together, or two host
                        // threads' atomics on one word could both find it unwritten.
                        int r = kind == AccessKind.ATOMIC ? owner.init().firstWrite(address, size)
                                : owner.init().unwritten(address, size);
                        if (r >= 0) {
                            Region region = owner.layout().region(r);
                            report(e, lane, FindingKind.UNINITIALIZED_GLOBAL_READ, address, region.name(),
                                    String.format("%d-byte %s at offset %d of '%s' (%d bytes), which neither the host nor a thread wrote",
                                            size, describe(kind), address - region.start(), region.name(), region.size()),
                                    null);
                        }
                    }
                    if (kind.writes()) {
                        owner.init().wrote(address, size);
                    }
                }
            } else if (initcheck) {
                sharedInit(e, lane, kind, address, size);
            }
            if (racecheck && !atomic) {
                race(e, lane, thread, kind == AccessKind.WRITE, address, size, space);
            }
        }
    }

    private void sharedInit(InstructionEvent e, int lane, AccessKind kind, long address, int size) {
        long offset = address - Integer.toUnsignedLong(SHARED_BASE);
        if (offset < 0 || offset + size > sharedWritten.length) {
            return;     // outside the block's shared memory: the engine faults
        }
        if (kind.reads()) {
            for (int b = 0; b < size; b++) {
                if (sharedWritten[(int) offset + b] != blockSerial) {
                    report(e, lane, FindingKind.UNINITIALIZED_SHARED_READ, address, "shared",
                            String.format("%d-byte %s at offset %d of shared memory (%d bytes), which no thread of the block wrote",
                                    size, describe(kind), offset, sharedWritten.length), null);
                    break;
                }
            }
        }
        if (kind.writes()) {
            for (int b = 0; b < size; b++) {
                sharedWritten[(int) offset + b] = blockSerial;
            }
        }
    }

    /**
     * Racecheck of one lane's access: a read after another thread's write, a write after another
     * thread's read or write, in this epoch. One finding per hazard kind and access, however many
     * of its bytes are involved.
     */
    private void race(InstructionEvent e, int lane, int thread, boolean write, long address, int size, MemorySpace space) {
        boolean raw = false;
        boolean war = false;
        boolean waw = false;
        RaceShadow.Page p = races.page((int) address);
        int[] st = p.state;
        for (int b = 0; b < size; b++) {
            int a = (int) (address + b);
            int i = a & (RaceShadow.PAGE - 1);
            if (i == 0 && b > 0) {
                st = races.page(a).state;      // the access crosses into the next page
            }
            int r = i * RaceShadow.FIELDS;
            boolean written = st[r + RaceShadow.WRITER_EPOCH] == epoch && st[r + RaceShadow.WRITER] != thread;
            if (!write) {
                if (written && !raw) {
                    raw = true;
                    hazard(e, lane, thread, FindingKind.READ_AFTER_WRITE, address, st[r + RaceShadow.WRITER],
                            st[r + RaceShadow.WRITER_PC], space);
                }
                if (st[r + RaceShadow.READER_EPOCH] != epoch) {
                    st[r + RaceShadow.READER_EPOCH] = epoch;
                    st[r + RaceShadow.READER1] = thread;
                    st[r + RaceShadow.READER1_PC] = e.pc();
                    st[r + RaceShadow.READER2] = -1;
                } else if (st[r + RaceShadow.READER1] != thread && st[r + RaceShadow.READER2] == -1) {
                    st[r + RaceShadow.READER2] = thread;
                    st[r + RaceShadow.READER2_PC] = e.pc();
                }
                continue;
            }
            if (written && !waw) {
                waw = true;
                hazard(e, lane, thread, FindingKind.WRITE_AFTER_WRITE, address, st[r + RaceShadow.WRITER],
                        st[r + RaceShadow.WRITER_PC], space);
            }
            if (st[r + RaceShadow.READER_EPOCH] == epoch && !war) {
                if (st[r + RaceShadow.READER1] != thread) {
                    war = true;
                    hazard(e, lane, thread, FindingKind.WRITE_AFTER_READ, address, st[r + RaceShadow.READER1],
                            st[r + RaceShadow.READER1_PC], space);
                } else if (st[r + RaceShadow.READER2] != -1) {
                    war = true;
                    hazard(e, lane, thread, FindingKind.WRITE_AFTER_READ, address, st[r + RaceShadow.READER2],
                            st[r + RaceShadow.READER2_PC], space);
                }
            }
            st[r + RaceShadow.WRITER] = thread;
            st[r + RaceShadow.WRITER_PC] = e.pc();
            st[r + RaceShadow.WRITER_EPOCH] = epoch;
        }
    }

    private void hazard(InstructionEvent e, int lane, int thread, FindingKind crossWarp, long address, int otherThread,
                        int otherPc, MemorySpace space) {
        int otherWarp = otherThread / shape.warpSize();
        int otherLane = otherThread % shape.warpSize();
        FindingKind kind = FindingKind.hazard(crossWarp, otherWarp == e.warp());
        String where;
        String region;
        if (space == MemorySpace.SHARED) {
            where = String.format("shared memory offset %d", address - Integer.toUnsignedLong(SHARED_BASE));
            region = "shared";
        } else {
            int r = owner.layout().find(address);
            region = r >= 0 ? owner.layout().region(r).name() : null;
            where = r >= 0 ? String.format("offset %d of '%s'", address - owner.layout().region(r).start(), region)
                    : String.format("0x%08x", address);
        }
        int[] t = shape.threadIdx(thread);
        int[] o = shape.threadIdx(otherThread);
        String what = switch (crossWarp) {
            case READ_AFTER_WRITE -> "reads";
            default -> "writes";
        };
        String before = switch (crossWarp) {
            case WRITE_AFTER_READ -> "read";
            default -> "written";
        };
        String message = String.format("thread (%d,%d,%d) %s %s, %s by thread (%d,%d,%d) at pc 0x%08x with no barrier between%s",
                t[0], t[1], t[2], what, where, before, o[0], o[1], o[2], otherPc,
                otherWarp == e.warp() ? " (same warp: ordered only by lockstep execution)" : "");
        report(e, lane, kind, address, region, message,
                new Finding.Other(otherPc, owner.word(otherPc), o, otherWarp, otherLane));
    }

    @Override
    public void fault(long b, int warp, int pc, String kind, long lanes, long address) {
        if (!synccheck) {
            return;
        }
        FindingKind f = switch (kind) {
            case "divergent_barrier" -> FindingKind.DIVERGENT_BARRIER;
            case "barrier_deadlock" -> FindingKind.BARRIER_DEADLOCK;
            default -> null;
        };
        if (f == null) {
            return;
        }
        int lane = lanes == 0 ? 0 : Long.numberOfTrailingZeros(lanes);
        String message = f == FindingKind.DIVERGENT_BARRIER
                ? String.format("warp %d reached the barrier with lanes 0x%x while its other lanes are on another path",
                        warp, lanes)
                : String.format("warp %d waits at a barrier that can never complete (a warp of the block exited or waits at another barrier)",
                        warp);
        int thread = shape.linearThread(warp, lane);
        owner.findings().add(new Finding(f, pc, owner.word(pc), blockIdx, shape.threadIdx(thread), warp, lane, -1, null,
                message, null, 1), b, thread);
    }

    private void report(InstructionEvent e, int lane, FindingKind kind, long address, String region, String message,
                        Finding.Other other) {
        int thread = shape.linearThread(e.warp(), lane);
        owner.findings().add(new Finding(kind, e.pc(), e.word(), blockIdx, shape.threadIdx(thread), e.warp(), lane,
                address, region, message, other, 1), block, thread);
    }

    private static String describe(AccessKind kind) {
        return switch (kind) {
            case READ -> "load";
            case WRITE -> "store";
            case ATOMIC -> "atomic";
            case LOAD_RESERVED -> "lr.w";
            case STORE_CONDITIONAL -> "sc.w";
        };
    }
}
