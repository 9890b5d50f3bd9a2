package org.rvsimt.device;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rvsimt.core.api.Kernel;

/**
 * Resident kernels by (load address, code bytes), shared by every device of a server. A driver
 * dispatches the same kernel image many times; predecoding, control-flow analysis and JIT
 * compilation (which a {@link Kernel} keeps with it) then happen once, not per dispatch.
 * Least recently used entries are dropped beyond {@code capacity}.
 */
public final class ProgramCache {
    private record Key(int base, byte[] code, int hash) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.base == base && k.hash == hash && Arrays.equals(k.code, code);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final Map<Key, Kernel> map;

    public ProgramCache(int capacity) {
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Kernel> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The kernel for {@code code} (not copied: the caller gives up the array) resident at {@code base}. */
    public Kernel get(int base, byte[] code) {
        Key k = new Key(base, code, 31 * base + Arrays.hashCode(code));
        synchronized (map) {
            Kernel p = map.get(k);
            if (p != null) {
                return p;
            }
        }
        Kernel p = Kernel.resident(code, base, String.format("kernel@0x%08x", base));
        synchronized (map) {
            Kernel raced = map.putIfAbsent(k, p);
            return raced != null ? raced : p;
        }
    }

    public int size() {
        synchronized (map) {
            return map.size();
        }
    }
}
