package org.rvsimt.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.decode.DecodeTrie;
import org.rvsimt.isa.decode.LinearDecoder;

/**
 * Decode trie vs the seed's linear mask/match scan, on the same table and the same words.
 * {@code mix=uniform}: every declared instruction equally often (the scan's average case);
 * {@code mix=kernel}: the instruction mix of a typical float kernel (loads, fmadd, addi, branches).
 * Run: {@code java -jar bench/target/benchmarks.jar DecodeBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class DecodeBenchmark {
    private static final int N = 4096;

    @Param({"uniform", "kernel"})
    public String mix;

    private final DecodeTrie trie = DecodeTrie.build(InstructionSet.all());
    private final LinearDecoder linear = new LinearDecoder(InstructionSet.all());
    private int[] words;

    @Setup
    public void setup() {
        SplittableRandom r = new SplittableRandom(1);
        String[] kernelMix = {"flw", "flw", "fmadd.s", "addi", "addi", "add", "slli", "bne", "lw", "fsw", "blt", "mul"};
        words = new int[N];
        for (int i = 0; i < N; i++) {
            InstructionDef d = mix.equals("uniform")
                    ? InstructionSet.get(r.nextInt(InstructionSet.size()))
                    : InstructionSet.byMnemonic(kernelMix[r.nextInt(kernelMix.length)]);
            words[i] = d.match() | (r.nextInt() & ~d.mask() & ~d.ignoredMask());
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int trie() {
        int acc = 0;
        for (int w : words) {
            acc += trie.decode(w);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int linearScan() {
        int acc = 0;
        for (int w : words) {
            acc += linear.decode(w);
        }
        return acc;
    }
}
