package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The extensions one device executes, written as a RISC-V ISA string ({@code rv32imaf_zba_zbb}):
 * {@code rv32}, single-letter extensions ({@code i m a f}, {@code g} = {@code imaf_zicsr_zifencei}
 * without the D rvsimt lacks is refused), then multi-letter ones, each after an underscore. An
 * instruction of an extension the device lacks is an illegal instruction there.
 *
 * <p>Always present, whether written or not: the base RV32I, Zicsr (the kernel ABI reads its thread
 * and block ids from CSRs) and XVortex (the SIMT control every kernel's start and barriers use).
 * The default, {@link #all()}, is everything rvsimt implements.
 */
public final class DeviceIsa {

    /** Extensions every device has. */
    public static final Set<Extension> REQUIRED = EnumSet.of(Extension.RV32I, Extension.ZICSR, Extension.XVORTEX);

    private static final DeviceIsa ALL = new DeviceIsa(EnumSet.allOf(Extension.class));

    private final EnumSet<Extension> extensions;

    private DeviceIsa(EnumSet<Extension> extensions) {
        this.extensions = extensions;
    }

    /** Every extension rvsimt implements. */
    public static DeviceIsa all() {
        return ALL;
    }

    /**
     * The required extensions plus {@code extensions}; Zfh brings Zfhmin, its subset. Zfh and Zfhmin
     * without F are an {@link IllegalArgumentException}: their halves live in the f registers.
     */
    public static DeviceIsa of(Set<Extension> extensions) {
        EnumSet<Extension> set = EnumSet.copyOf(REQUIRED);
        set.addAll(extensions);
        if (set.contains(Extension.ZFH)) {
            set.add(Extension.ZFHMIN);
        }
        if (set.contains(Extension.ZFHMIN) && !set.contains(Extension.F)) {
            throw new IllegalArgumentException((set.contains(Extension.ZFH) ? "zfh" : "zfhmin")
                    + " needs f (half-precision values live in the f registers)");
        }
        return set.size() == Extension.values().length ? ALL : new DeviceIsa(set);
    }

    /**
     * Reads an ISA string (case-insensitive). A malformed string, an unknown extension or one rvsimt
     * does not implement is an {@link IllegalArgumentException} whose one-line message says which.
     */
    public static DeviceIsa parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (!s.startsWith("rv32")) {
            throw new IllegalArgumentException("'" + text + "' does not start with rv32 (rvsimt is RV32 only),"
                    + " e.g. rv32imaf_zba_zbb");
        }
        String[] parts = s.substring(4).split("_", -1);
        String letters = parts[0];
        if (letters.isEmpty() || letters.charAt(0) != 'i' && letters.charAt(0) != 'g') {
            throw new IllegalArgumentException("'" + text + "': the base must be i or g right after rv32");
        }
        EnumSet<Extension> set = EnumSet.copyOf(REQUIRED);
        for (char c : letters.toCharArray()) {
            if (c == 'g') {
                throw new IllegalArgumentException("'" + text + "': g includes D (double precision), which rvsimt"
                        + " does not implement; write rv32imaf_zifencei");
            }
            set.add(byName(String.valueOf(c), text));
        }
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].isEmpty()) {
                throw new IllegalArgumentException("'" + text + "': empty extension name between underscores");
            }
            Extension e = byName(parts[i], text);
            if (e.isSingleLetter()) {
                throw new IllegalArgumentException("'" + text + "': single-letter extension '" + parts[i]
                        + "' belongs right after rv32");
            }
            set.add(e);
        }
        try {
            return of(set);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage());
        }
    }

    private static Extension byName(String name, String text) {
        for (Extension e : Extension.values()) {
            if (e.isaName().equals(name)) {
                return e;
            }
        }
        List<String> known = new ArrayList<>();
        for (Extension e : Extension.values()) {
            known.add(e.isaName());
        }
        throw new IllegalArgumentException("'" + text + "': rvsimt does not implement extension '" + name
                + "' (it implements " + String.join(" ", known) + ")");
    }

    public boolean has(Extension e) {
        return extensions.contains(e);
    }

    /** Whether every extension rvsimt implements is present. */
    public boolean isAll() {
        return extensions.size() == Extension.values().length;
    }

    public Set<Extension> extensions() {
        return EnumSet.copyOf(extensions);
    }

    /**
     * The misa CSR (privileged specification 3.1.1): MXL = 1 (32 bits) in bits 31:30, and a bit per
     * single-letter extension present (A = bit 0 ... Z = bit 25); X (bit 23) when a custom extension
     * is present. Zve32f does not set V, which stands for the full vector extension.
     */
    public int misa() {
        int m = 1 << 30;
        for (Extension e : extensions) {
            if (e.isSingleLetter()) {
                m |= 1 << (e.isaName().charAt(0) - 'a');
            } else if (e.isaName().startsWith("x")) {
                m |= 1 << ('x' - 'a');
            }
        }
        return m;
    }

    /**
     * The {@code -march} a C compiler may target for this device: its standard scalar extensions
     * ({@code rv32imaf_zicsr_zifencei_zba_zbb_zbs_zicond} for every one); the vector and custom
     * extensions are left out (kernels reach them through intrinsics or inline assembly).
     */
    public String compilerArch() {
        StringBuilder sb = new StringBuilder("rv32");
        for (Extension e : extensions) {
            if (e.isSingleLetter() && e.isStandard()) {
                sb.append(e.isaName());
            }
        }
        for (Extension e : extensions) {
            if (!e.isSingleLetter() && e.isStandard()) {
                sb.append('_').append(e.isaName());
            }
        }
        return sb.toString();
    }

    /** The canonical ISA string: single letters in the specification's order, then the others. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("rv32");
        for (Extension e : extensions) {
            if (e.isSingleLetter()) {
                sb.append(e.isaName());
            }
        }
        for (Extension e : extensions) {
            if (!e.isSingleLetter()) {
                sb.append('_').append(e.isaName());
            }
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeviceIsa d && d.extensions.equals(extensions);
    }

    @Override
    public int hashCode() {
        return extensions.hashCode();
    }
}
