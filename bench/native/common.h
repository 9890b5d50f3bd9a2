/*
 * common.h: shared by the native (host, gcc -O2) versions of the rvsimt bench cases.
 *
 * Every program is called as `NAME REPS SIZE...`, builds the same inputs as the Java harness
 * (org.rvsimt.core.api.RandomFill, i.e. java.util.SplittableRandom, re-implemented here), runs
 * the computation REPS times (inputs restored between repetitions, outside the timed region),
 * times only the computation with clock_gettime(CLOCK_MONOTONIC), and prints one line:
 * "SECONDS CHECKSUM" with the best time and sum(out[i] * (i % 7 + 1)) over the output.
 */
#ifndef RVSIMT_BENCH_COMMON_H
#define RVSIMT_BENCH_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* java.util.SplittableRandom(seed): seed += GOLDEN_GAMMA, then the mix64 finaliser. */
typedef struct { uint64_t seed; } splitmix;

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t next_long(splitmix *r) {
    r->seed += 0x9e3779b97f4a7c15ULL;
    return mix64(r->seed);
}

static inline double next_double(splitmix *r) {
    return (double)(next_long(r) >> 11) * 0x1.0p-53;
}

/* RandomFill.floats(count, seed, min, max). */
static inline float *random_floats(size_t count, uint64_t seed, double min, double max) {
    float *v = malloc(count * sizeof(float));
    if (!v) { perror("malloc"); exit(1); }
    splitmix r = {seed};
    for (size_t i = 0; i < count; i++) v[i] = (float)(min + (max - min) * next_double(&r));
    return v;
}

/* RandomFill.ints(count, seed, 0, 2^bits - 1): a power-of-two range is a mask of nextLong(). */
static inline int32_t *random_ints_pow2(size_t count, uint64_t seed, int bits) {
    int32_t *v = malloc(count * sizeof(int32_t));
    if (!v) { perror("malloc"); exit(1); }
    splitmix r = {seed};
    uint64_t mask = (1ULL << bits) - 1;
    for (size_t i = 0; i < count; i++) v[i] = (int32_t)(next_long(&r) & mask);
    return v;
}

static inline double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline double checksum_floats(const float *v, size_t n) {
    double s = 0;
    for (size_t i = 0; i < n; i++) s += (double)v[i] * (double)(i % 7 + 1);
    return s;
}

static inline double checksum_ints(const int32_t *v, size_t n) {
    long long s = 0;
    for (size_t i = 0; i < n; i++) s += (long long)v[i] * (long long)(i % 7 + 1);
    return (double)s;
}

static inline int arg_int(int argc, char **argv, int i, const char *name) {
    if (i >= argc) { fprintf(stderr, "usage: missing %s\n", name); exit(2); }
    return atoi(argv[i]);
}

/* Keeps the optimiser from dropping a computation whose result is only timed. */
static inline void sink(const void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }

#endif
