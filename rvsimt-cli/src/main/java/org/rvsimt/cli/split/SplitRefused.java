package org.rvsimt.cli.split;

/**
 * A launch that cannot be split: its block ranges wrote the same bytes with different values, or did something
 * only one device can order (a non-commutative atomic, lr/sc, an atomic's old value used). The message is one
 * line naming the address, the instruction or the block ranges.
 */
public final class SplitRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SplitRefused(String message) {
        super(message);
    }
}
