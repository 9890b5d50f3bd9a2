/*
 * rvsimt.h: device-side header for C kernels run on rvsimt (freestanding, no libc).
 *
 * Compile (what `rvsimt run` does for a .c kernel; `rvsimt include-dir` prints this header's folder):
 *   clang-19 --target=riscv32-unknown-elf -march=rv32imaf -mabi=ilp32f -O2 -nostdlib -ffreestanding
 *            -fuse-ld=lld -fconvergent-functions -fno-jump-tables -I "$(rvsimt include-dir)"
 *            -T "$(rvsimt include-dir)/rvsimt.ld" -Wl,-e,ENTRY kernel.c
 *
 * Native ABI (docs/kernel-abi.md): every thread starts at the entry with a0 = address of
 * the argument block (one 32-bit word per launch argument, in manifest order: a scalar's bits or a
 * buffer's device address). Declare the entry with one pointer parameter to a struct whose fields
 * are the arguments in order (pointers are 32 bits wide in ilp32f), and mark it __global__:
 *
 *   struct saxpy_args { unsigned n; float a; const float *x; float *y; };
 *   __global__ void saxpy(const struct saxpy_args *p) {
 *       unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
 *       if (i < p->n) p->y[i] = p->a * p->x[i] + p->y[i];
 *   }
 *
 * The thread ends when the entry returns (or with rv_exit(code); a non-zero code fails the launch).
 * Divergence needs nothing special: branches reconverge by themselves.
 *
 * Memory: global memory (VRAM) at 0; the kernel image (code, .rodata, .data, .bss) in the first MiB;
 * shared memory of the block at 0xC0000000 (size set per launch: `shared:` in the manifest); a
 * private stack per thread (sp set by the launch); no heap. Globals in .data/.bss are global memory,
 * shared by every thread of the launch.
 *
 * Not available: double precision arithmetic (rv32imaf: no D extension and no soft-float library,
 * so any double operation other than float -> double fails to link), 64-bit division, libc. Keep
 * float literals suffixed (1.0f).
 */
#ifndef RVSIMT_H
#define RVSIMT_H

#include <stdint.h>
#include <stddef.h>
#include <stdarg.h>

/* ------------------------------------------------------------------------ memory map */

#define RV_CTRL_BASE    0x80000000u  /* read-only ID registers (seed-compatible offsets) */
#define RV_BARRIER_REG  0x80002000u  /* a store here is a block-wide barrier */
#define RV_CONSOLE_REG  0x80003000u  /* a byte stored here goes to this thread's console line */
#define RV_SHARED_BASE  0xC0000000u  /* shared memory of the current block */
#define RV_PRIVATE_BASE 0xE0000000u  /* per-thread private stack window */

/* ------------------------------------------------------------------------ qualifiers */

/* Kernel entry points: kept by the linker, placed first in .text. */
#define __global__   __attribute__((used, section(".text.entry")))
/* Device helper functions. */
#define __device__   static inline __attribute__((always_inline))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#ifndef __restrict__
#define __restrict__ __restrict
#endif

/* ------------------------------------------------------------------------ IDs and geometry */

/* A CSR read. Not volatile: the ID CSRs are constant for a thread, so the compiler may reuse a read. */
#define __RV_CSR(num) __extension__({ unsigned __rv_v; __asm__("csrr %0, " #num : "=r"(__rv_v)); __rv_v; })
/* A CSR read that is repeated wherever it is written (for values that change, e.g. the active mask). */
#define __RV_CSR_VOLATILE(num) \
    __extension__({ unsigned __rv_v; __asm__ volatile("csrr %0, " #num : "=r"(__rv_v)); __rv_v; })

typedef struct { unsigned x, y, z; } uint3;
typedef struct { unsigned x, y, z; } dim3;

/* CUDA-style built-in variables: threadIdx.x, blockIdx.y, blockDim.z, gridDim.x, warpSize. */
#define threadIdx ((uint3){__RV_CSR(0xCD3), __RV_CSR(0xCD4), __RV_CSR(0xCD5)})
#define blockIdx  ((uint3){__RV_CSR(0xCD6), __RV_CSR(0xCD7), __RV_CSR(0xCD8)})
#define blockDim  ((dim3){__RV_CSR(0xCD9), __RV_CSR(0xCDA), __RV_CSR(0xCDB)})
#define gridDim   ((dim3){__RV_CSR(0xCDC), __RV_CSR(0xCDD), __RV_CSR(0xCDE)})
#define warpSize  ((int)__RV_CSR(0xFC0))

/* Lane within the warp, warp within the block, compute unit, warps per block, active-lane mask. */
__device__ unsigned __laneid(void) { return __RV_CSR(0xCC0); }
__device__ unsigned __warpid(void) { return __RV_CSR(0xCC1); }
__device__ unsigned __cuid(void) { return __RV_CSR(0xCC2); }
__device__ unsigned __nwarps(void) { return __RV_CSR(0xFC1); }
__device__ unsigned __activemask(void) { return __RV_CSR_VOLATILE(0xCC4); }

/* Function forms, for those who prefer them to the CUDA variables. */
__device__ unsigned rv_thread_linear(void) {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ unsigned rv_block_threads(void) { return blockDim.x * blockDim.y * blockDim.z; }
/* blockIdx.x * blockDim.x + threadIdx.x, and the total number of threads along x. */
__device__ unsigned rv_global_id_x(void) { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ unsigned rv_global_size_x(void) { return gridDim.x * blockDim.x; }

/* ------------------------------------------------------------------------ barriers and fences */

/* Block-wide barrier: every thread of the block must reach it (CUDA __syncthreads). The memory
 * clobber stops the compiler from keeping shared or global values in registers across it. */
__device__ void __syncthreads(void) {
    __asm__ volatile("sw zero, 0(%0)" : : "r"(RV_BARRIER_REG) : "memory");
}
/* Memory fence (orders this thread's accesses; rvsimt's memory is sequentially consistent anyway). */
__device__ void __threadfence(void) { __asm__ volatile("fence rw, rw" : : : "memory"); }
__device__ void __threadfence_block(void) { __asm__ volatile("fence rw, rw" : : : "memory"); }

/* ------------------------------------------------------------------------ work split */

/* This thread's contiguous share [*start, *end) of n elements when a 1-D grid splits them into
 * ceil(n / threads) chunks, one per thread (the layout the strip-mined RVV kernels use). */
__device__ void thread_chunk(unsigned n, unsigned *start, unsigned *end) {
    unsigned threads = gridDim.x * blockDim.x;
    unsigned chunk = (n + threads - 1) / threads;
    unsigned s = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
    *start = s;
    *end = s + chunk < n ? s + chunk : n;
}

/* ------------------------------------------------------------------------ shared memory */

/* The block's shared memory as an array of `type`: float *tile = SHARED(float);
 * SHARED_AT(type, byte_offset) for a second array after the first. Size it with `shared:`. */
#define SHARED(type)               ((type *)RV_SHARED_BASE)
#define SHARED_AT(type, byteOffset) ((type *)(RV_SHARED_BASE + (unsigned)(byteOffset)))

/* ------------------------------------------------------------------------ atomics (RV32A) */

/* On int / unsigned in global or shared memory; return the old value (CUDA semantics). */
#define atomicAdd(p, v)   __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#define atomicSub(p, v)   __atomic_fetch_sub((p), (v), __ATOMIC_RELAXED)
#define atomicAnd(p, v)   __atomic_fetch_and((p), (v), __ATOMIC_RELAXED)
#define atomicOr(p, v)    __atomic_fetch_or((p), (v), __ATOMIC_RELAXED)
#define atomicXor(p, v)   __atomic_fetch_xor((p), (v), __ATOMIC_RELAXED)
#define atomicMin(p, v)   __atomic_fetch_min((p), (v), __ATOMIC_RELAXED)
#define atomicMax(p, v)   __atomic_fetch_max((p), (v), __ATOMIC_RELAXED)
#define atomicExch(p, v)  __atomic_exchange_n((p), (v), __ATOMIC_RELAXED)
/* Compare and swap (an lr.w/sc.w loop); returns the old value. */
#define atomicCAS(p, cmp, v) __extension__({ \
        __typeof__(*(p)) __rv_c = (cmp); \
        __atomic_compare_exchange_n((p), &__rv_c, (v), 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        __rv_c; })

/* ------------------------------------------------------------------------ warp vote and shuffle */
/* Vortex custom-0 instructions (docs/kernel-abi.md, "Vortex SIMT instructions"), emitted with .insn so that any assembler
 * accepts them. The mask argument of the *_sync forms is accepted for source compatibility and
 * ignored: the instruction acts on the warp's currently active lanes. */

__device__ unsigned __ballot(int pred) {
    unsigned r;
    __asm__ volatile(".insn r 0x0B, 3, 1, %0, %1, x0" : "=r"(r) : "r"(pred != 0));
    return r;
}
__device__ int __all(int pred) {
    int r;
    __asm__ volatile(".insn r 0x0B, 0, 1, %0, %1, x0" : "=r"(r) : "r"(pred != 0));
    return r;
}
__device__ int __any(int pred) {
    int r;
    __asm__ volatile(".insn r 0x0B, 1, 1, %0, %1, x0" : "=r"(r) : "r"(pred != 0));
    return r;
}
__device__ int __uni(int pred) {
    int r;
    __asm__ volatile(".insn r 0x0B, 2, 1, %0, %1, x0" : "=r"(r) : "r"(pred != 0));
    return r;
}
#define __ballot_sync(mask, pred) __ballot(pred)
#define __all_sync(mask, pred)    __all(pred)
#define __any_sync(mask, pred)    __any(pred)
#define __uni_sync(mask, pred)    __uni(pred)

/* Shuffle control word: b in bits [5:0], c = width-1 in [11:6], segment mask in [17:12], so that a
 * width smaller than the warp splits it into independent segments as in CUDA. width: power of 2. */
__device__ unsigned __rv_shfl_ctl(unsigned b, unsigned width) {
    unsigned w1 = (width - 1u) & 63u;
    return ((~w1 & 63u) << 12) | (w1 << 6) | (b & 63u);
}

#define __RV_SHFL_FN(kind, funct3) \
    __device__ int __rv_shfl_##kind##_i(int v, unsigned b, unsigned width) { \
        int r; \
        __asm__ volatile(".insn r 0x0B, " #funct3 ", 1, %0, %1, %2" \
                         : "=r"(r) : "r"(v), "r"(__rv_shfl_ctl(b, width))); \
        return r; \
    } \
    __device__ float __rv_shfl_##kind##_f(float v, unsigned b, unsigned width) { \
        union { float f; int i; } u; \
        u.f = v; \
        u.i = __rv_shfl_##kind##_i(u.i, b, width); \
        return u.f; \
    }
__RV_SHFL_FN(up, 4)
__RV_SHFL_FN(down, 5)
__RV_SHFL_FN(xor, 6)
__RV_SHFL_FN(idx, 7)
#undef __RV_SHFL_FN

#define __RV_SHFL_WIDTH(...)        __RV_SHFL_WIDTH_(__VA_ARGS__, (unsigned)warpSize, ~)
#define __RV_SHFL_WIDTH_(a, w, ...) (w)
#define __RV_SHFL_FIRST(a, ...)     (a)
#define __RV_SHFL_GENERIC(kind, var, b, width) \
    _Generic((var), float: __rv_shfl_##kind##_f, default: __rv_shfl_##kind##_i)((var), (b), (width))

/* CUDA forms: __shfl_down_sync(mask, var, delta[, width]), on int, unsigned or float. */
#define __shfl_down_sync(mask, var, ...) \
    __RV_SHFL_GENERIC(down, var, __RV_SHFL_FIRST(__VA_ARGS__, ~), __RV_SHFL_WIDTH(__VA_ARGS__))
#define __shfl_up_sync(mask, var, ...) \
    __RV_SHFL_GENERIC(up, var, __RV_SHFL_FIRST(__VA_ARGS__, ~), __RV_SHFL_WIDTH(__VA_ARGS__))
#define __shfl_xor_sync(mask, var, ...) \
    __RV_SHFL_GENERIC(xor, var, __RV_SHFL_FIRST(__VA_ARGS__, ~), __RV_SHFL_WIDTH(__VA_ARGS__))
#define __shfl_sync(mask, var, ...) \
    __RV_SHFL_GENERIC(idx, var, __RV_SHFL_FIRST(__VA_ARGS__, ~), __RV_SHFL_WIDTH(__VA_ARGS__))

/* ------------------------------------------------------------------------ math (SFU and F) */
/* The seed's SFU instructions (OP-FP, funct7 0110000, function in the rs2 field). In rvsimt's
 * exact SFU mode they are correctly rounded (within 1 ulp in every case); in fast mode they are
 * approximations (docs/numerics-lowp-sfu.md). */
#define __RV_SFU(fn) \
    __extension__({ float __rv_r; __asm__(".insn r 0x53, 0, 0x30, %0, %1, f" #fn : "=f"(__rv_r) : "f"(__rv_x)); __rv_r; })
__device__ float __expf(float __rv_x) { return __RV_SFU(0); }
__device__ float __logf(float __rv_x) { return __RV_SFU(1); }
__device__ float __frcp_rn(float __rv_x) { return __RV_SFU(2); }
__device__ float rsqrtf(float __rv_x) { return __RV_SFU(3); }
__device__ float __tanhf(float __rv_x) { return __RV_SFU(4); }
__device__ float __sigmoidf(float __rv_x) { return __RV_SFU(5); }
__device__ float __sinf(float __rv_x) { return __RV_SFU(6); }
__device__ float __cosf(float __rv_x) { return __RV_SFU(7); }
#undef __RV_SFU

/* IEEE operations of the F extension. */
__device__ float __fsqrt_rn(float x) { float r; __asm__("fsqrt.s %0, %1" : "=f"(r) : "f"(x)); return r; }
__device__ float __fmaf_rn(float a, float b, float c) {
    float r;
    __asm__("fmadd.s %0, %1, %2, %3" : "=f"(r) : "f"(a), "f"(b), "f"(c));
    return r;
}
__device__ float __fminf(float a, float b) { float r; __asm__("fmin.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ float __fmaxf(float a, float b) { float r; __asm__("fmax.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ float __fabsf(float x) { float r; __asm__("fsgnjx.s %0, %1, %1" : "=f"(r) : "f"(x)); return r; }

/* libm names (there is no libm): map to the instructions above. */
#define expf(x)     __expf(x)
#define logf(x)     __logf(x)
#define sinf(x)     __sinf(x)
#define cosf(x)     __cosf(x)
#define tanhf(x)    __tanhf(x)
#define sqrtf(x)    __fsqrt_rn(x)
#define fmaf(a, b, c) __fmaf_rn((a), (b), (c))
#define fminf(a, b) __fminf((a), (b))
#define fmaxf(a, b) __fmaxf((a), (b))
#define fabsf(x)    __fabsf(x)

/* CUDA's bit casts: the same 32 bits read as another type (no conversion). */
__device__ float __int_as_float(int i) { union { int i; float f; } u; u.i = i; return u.f; }
__device__ int __float_as_int(float f) { union { float f; int i; } u; u.f = f; return u.i; }
__device__ float __uint_as_float(unsigned i) { union { unsigned i; float f; } u; u.i = i; return u.f; }
__device__ unsigned __float_as_uint(float f) { union { float f; unsigned i; } u; u.f = f; return u.i; }
#define RV_INFINITY __int_as_float(0x7F800000)

/* float -> double, the one double operation rvsimt provides: C promotes a float passed to printf
 * (or any variadic function) to double, and clang calls this compiler-runtime routine for it.
 * Exact, with integer code only (rv32imaf has no D extension). Weak: one copy per program. */
__attribute__((weak, used)) double __extendsfdf2(float f) {
    unsigned b = __float_as_uint(f);
    unsigned long long sign = (unsigned long long)(b >> 31) << 63;
    int e = (int)((b >> 23) & 0xFFu);
    unsigned m = b & 0x7FFFFFu;
    unsigned long long d;
    if (e == 0xFF) {
        d = 0x7FF0000000000000ull | ((unsigned long long)m << 29) | (m ? 0x0008000000000000ull : 0); /* inf, quiet NaN */
    } else if (e == 0 && m == 0) {
        d = 0;
    } else {
        if (e == 0) { /* subnormal float: normal as a double */
            e = 1;
            while (!(m & 0x800000u)) { m <<= 1; e--; }
            m &= 0x7FFFFFu;
        }
        d = ((unsigned long long)(e - 127 + 1023) << 52) | ((unsigned long long)m << 29);
    }
    union { unsigned long long u; double x; } r;
    r.u = d | sign;
    return r.x;
}

/* ------------------------------------------------------------------------ exit */

/* Ends this thread with an exit code (ecall 93); a non-zero code marks the launch failed. */
__device__ __attribute__((noreturn)) void rv_exit(int code) {
    register int a0 __asm__("a0") = code;
    register int a7 __asm__("a7") = 93;
    __asm__ volatile("ecall" : : "r"(a0), "r"(a7) : "memory");
    __builtin_unreachable();
}

/* ------------------------------------------------------------------------ console output */
/* Each thread has its own console line; bytes stored to the console register are appended to it
 * and '\n' ends the line. The launch result lists the lines, prefixed by block and thread. */

__device__ void rv_putc(char c) { *(volatile unsigned char *)RV_CONSOLE_REG = (unsigned char)c; }
__device__ void rv_puts(const char *s) {
    while (*s) rv_putc(*s++);
}
__device__ void rv_putuint(unsigned v) {
    char buf[10];
    int n = 0;
    do { buf[n++] = (char)('0' + v % 10u); v /= 10u; } while (v != 0);
    while (n > 0) rv_putc(buf[--n]);
}
__device__ void rv_putint(int v) {
    if (v < 0) { rv_putc('-'); rv_putuint(0u - (unsigned)v); } else rv_putuint((unsigned)v);
}
__device__ void rv_puthex(unsigned v) {
    rv_putc('0'); rv_putc('x');
    for (int s = 28; s >= 0; s -= 4) rv_putc("0123456789abcdef"[(v >> s) & 15u]);
}
/* Fixed-point with `decimals` digits (0..9) below 1e9, d.ddddddde+XX above; nan, inf. */
__device__ void rv_putfloat_prec(float f, int decimals) {
    unsigned bits = (unsigned)__float_as_int(f);
    if ((bits & 0x7F800000u) == 0x7F800000u) {
        if (bits & 0x007FFFFFu) { rv_puts("nan"); return; }
        rv_puts(bits >> 31 ? "-inf" : "inf");
        return;
    }
    if (bits >> 31) { rv_putc('-'); f = -f; }
    int exp10 = 0;
    if (f >= 1e9f) {
        while (f >= 10.0f) { f /= 10.0f; exp10++; }
    }
    if (decimals < 0) decimals = 0;
    if (decimals > 9) decimals = 9;
    unsigned scale = 1;
    for (int i = 0; i < decimals; i++) scale *= 10u;
    unsigned ip = (unsigned)f;
    unsigned frac = (unsigned)((f - (float)ip) * (float)scale + 0.5f);
    if (frac >= scale) { ip++; frac -= scale; }
    rv_putuint(ip);
    if (decimals > 0) {
        rv_putc('.');
        for (unsigned d = scale / 10u; d > 0; d /= 10u) { rv_putc((char)('0' + (frac / d) % 10u)); }
    }
    if (exp10 != 0) { rv_putc('e'); rv_putc('+'); rv_putuint((unsigned)exp10); }
}
__device__ void rv_putfloat(float f) { rv_putfloat_prec(f, 6); }

/* printf, formatted on the host as CUDA's device printf is: the kernel hands the format string and
 * its va_list to rvsimt (ecall 1000) and the host formats them as C's printf does (%d %i %u %o %x %X
 * %c %s %p %f %F %e %E %g %G %a %A %%, flags - + space # 0, width and precision, also as *, and the
 * hh h l ll j z t length modifiers); the thread's console line gets the text. Returns the number of
 * bytes written. Float arguments are promoted to double by C; __extendsfdf2 below does that with
 * integer code, so printf("%f", x) needs no double arithmetic. */
#define RV_ECALL_PRINTF 1000
__device__ int rv_vprintf(const char *fmt, va_list ap) {
    register const char *__rv_fmt __asm__("a0") = fmt;
    register void *__rv_ap __asm__("a1") = (void *)ap;
    register int __rv_call __asm__("a7") = RV_ECALL_PRINTF;
    __asm__ volatile("ecall" : "+r"(__rv_fmt) : "r"(__rv_ap), "r"(__rv_call) : "memory");
    return (int)(unsigned)__rv_fmt;
}
static __attribute__((unused, noinline)) int rv_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = rv_vprintf(fmt, ap);
    va_end(ap);
    return n;
}
#define printf rv_printf

#endif /* RVSIMT_H */
