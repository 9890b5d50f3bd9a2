package org.rvsimt.core.events;

/** Where a lane's memory access goes, by address (the device's memory map). */
public enum MemorySpace {
    /** Device VRAM, shared by every block, and the launch's argument block (its own window). */
    GLOBAL,
    /** The block's shared memory. */
    SHARED,
    /** The thread's private stack. */
    STACK,
    /** The control window and device registers (ids, barrier, console). */
    CTRL,
    /** Nothing is mapped there: the access faults. */
    UNMAPPED
}
