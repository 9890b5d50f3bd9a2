package org.rvsimt.device;

/** How software may access a device register; the rules are the seed's (docs/device.md, "Access rules"). */
public enum Access {
    /** Read-only: a write is ignored and reported (MMIO status READ_ONLY, ERROR_STATUS.REG_ACCESS). */
    RO("read-only; writes are ignored"),
    /** Read/write storage; some bits trigger an action when written (see the register). */
    RW("read/write"),
    /** Write-1-to-clear: each 1 bit written clears that bit; 0 bits leave it. */
    RW1C("read; write 1 to clear a bit"),
    /** Write-1-to-set: each 1 bit written sets that bit (the seed's IRQ_STATUS, a software interrupt). */
    RW1S("read; write 1 to set a bit"),
    /** Write-only: a write has an effect, a read returns 0 (MMIO status WRITE_ONLY). */
    WO("write-only; reads return 0");

    private final String meaning;

    Access(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }
}
