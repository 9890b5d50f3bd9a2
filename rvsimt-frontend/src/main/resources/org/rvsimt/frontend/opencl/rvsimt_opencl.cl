/* rvsimt OpenCL C device library: the OpenCL C 1.2 built-in functions of rvsimt's device.
 *
 * Compiled once (OpenClDeviceLibrary) with the flags of user programs plus -ffp-contract=off, so
 * every rounding below is the one written (fma() is the only fused operation). clang's
 * opencl-c.h declares every function; the definitions here must match those declarations, and
 * the linker keeps only what a program calls. A built-in that is declared but not defined here
 * makes the program's build fail with "NAME is not available on rvsimt's OpenCL device".
 *
 * Precision: the single-precision functions meet the maximum errors of the OpenCL 1.2 full
 * profile (OpenCL 1.2 specification, section 7.4, table 7.1): e.g. exp/exp2/exp10/log/log2/log10
 * 3 ulp, sin/cos 4 ulp, tan 5 ulp, pow 16 ulp, sqrt correctly rounded (hardware fsqrt.s), division
 * correctly rounded (fdiv.s). The algorithms (argument reduction, series, double-float
 * corrections) are written from the mathematics; docs/opencl.md lists each function's bound and
 * the accuracy test that checks it.
 *
 * Work-groups are rvsimt blocks: the ids and sizes come from the Vortex-numbered CSRs
 * (docs/kernel-abi.md), the argument block's header (CSR mscratch points at it) holds work_dim
 * and the global offsets.
 */

#define OVL __attribute__((overloadable))
#define INL static inline __attribute__((always_inline))
#define INLO static inline __attribute__((always_inline, overloadable))

/* ---------------------------------------------------------------- work-item functions */

#define CSR(num) __extension__({ uint __v; __asm__("csrr %0, " #num : "=r"(__v)); __v; })

INL const __global uint *launch_header(void) { return (const __global uint *)CSR(0x340); }

OVL uint get_work_dim(void) { return launch_header()[0]; }
OVL size_t get_local_id(uint d) { return d == 0 ? CSR(0xCD3) : d == 1 ? CSR(0xCD4) : d == 2 ? CSR(0xCD5) : 0; }
OVL size_t get_group_id(uint d) { return d == 0 ? CSR(0xCD6) : d == 1 ? CSR(0xCD7) : d == 2 ? CSR(0xCD8) : 0; }
OVL size_t get_local_size(uint d) { return d == 0 ? CSR(0xCD9) : d == 1 ? CSR(0xCDA) : d == 2 ? CSR(0xCDB) : 1; }
OVL size_t get_num_groups(uint d) { return d == 0 ? CSR(0xCDC) : d == 1 ? CSR(0xCDD) : d == 2 ? CSR(0xCDE) : 1; }
OVL size_t get_global_size(uint d) { return get_num_groups(d) * get_local_size(d); }
OVL size_t get_global_offset(uint d) { return d < 3 ? launch_header()[1 + d] : 0; }
OVL size_t get_global_id(uint d) {
    return d < 3 ? get_group_id(d) * get_local_size(d) + get_local_id(d) + launch_header()[1 + d] : 0;
}

/* ---------------------------------------------------------------- synchronisation */

/* A store to the barrier register is the block-wide barrier; memory is coherent within a block
 * (its warps run on one host thread), so both fences only need the compiler not to move memory
 * accesses across it (the "memory" clobber). */
OVL void barrier(cl_mem_fence_flags flags) {
    __asm__ volatile("sw zero, 0(%0)" : : "r"(0x80002000u) : "memory");
}
OVL void mem_fence(cl_mem_fence_flags flags) { __asm__ volatile("" : : : "memory"); }
OVL void read_mem_fence(cl_mem_fence_flags flags) { __asm__ volatile("" : : : "memory"); }
OVL void write_mem_fence(cl_mem_fence_flags flags) { __asm__ volatile("" : : : "memory"); }

/* ---------------------------------------------------------------- atomics (RV32A AMOs) */

#define ATOMIC_INT(PFX, AS, T) \
    OVL T PFX##_add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, __ATOMIC_RELAXED); } \
    OVL T PFX##_dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, __ATOMIC_RELAXED); } \
    OVL T PFX##_cmpxchg(volatile AS T *p, T cmp, T v) { return __sync_val_compare_and_swap(p, cmp, v); } \
    OVL T PFX##_min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); } \
    OVL T PFX##_xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }
ATOMIC_INT(atomic, __global, int)
ATOMIC_INT(atomic, __global, uint)
ATOMIC_INT(atomic, __local, int)
ATOMIC_INT(atomic, __local, uint)
ATOMIC_INT(atom, __global, int)
ATOMIC_INT(atom, __global, uint)
ATOMIC_INT(atom, __local, int)
ATOMIC_INT(atom, __local, uint)
OVL float atomic_xchg(volatile __global float *p, float v) {
    return as_float(__atomic_exchange_n((volatile __global uint *)p, as_uint(v), __ATOMIC_RELAXED));
}
OVL float atomic_xchg(volatile __local float *p, float v) {
    return as_float(__atomic_exchange_n((volatile __local uint *)p, as_uint(v), __ATOMIC_RELAXED));
}

/* ---------------------------------------------------------------- vector helpers */

/* Component-wise vector versions of a scalar function: widths 2, 3, 4 by components, 8 and 16
 * by halves. R = result type, A/B/C = argument types (a scalar argument stays scalar). */
#define V1(R, A, f) \
    OVL R##2 f(A##2 x) { return (R##2)(f(x.s0), f(x.s1)); } \
    OVL R##3 f(A##3 x) { return (R##3)(f(x.s0), f(x.s1), f(x.s2)); } \
    OVL R##4 f(A##4 x) { return (R##4)(f(x.s0), f(x.s1), f(x.s2), f(x.s3)); } \
    OVL R##8 f(A##8 x) { return (R##8)(f(x.lo), f(x.hi)); } \
    OVL R##16 f(A##16 x) { return (R##16)(f(x.lo), f(x.hi)); }
#define V2(R, A, B, f) \
    OVL R##2 f(A##2 x, B##2 y) { return (R##2)(f(x.s0, y.s0), f(x.s1, y.s1)); } \
    OVL R##3 f(A##3 x, B##3 y) { return (R##3)(f(x.s0, y.s0), f(x.s1, y.s1), f(x.s2, y.s2)); } \
    OVL R##4 f(A##4 x, B##4 y) { return (R##4)(f(x.s0, y.s0), f(x.s1, y.s1), f(x.s2, y.s2), f(x.s3, y.s3)); } \
    OVL R##8 f(A##8 x, B##8 y) { return (R##8)(f(x.lo, y.lo), f(x.hi, y.hi)); } \
    OVL R##16 f(A##16 x, B##16 y) { return (R##16)(f(x.lo, y.lo), f(x.hi, y.hi)); }
/* second argument scalar */
#define V2S(R, A, B, f) \
    OVL R##2 f(A##2 x, B y) { return (R##2)(f(x.s0, y), f(x.s1, y)); } \
    OVL R##3 f(A##3 x, B y) { return (R##3)(f(x.s0, y), f(x.s1, y), f(x.s2, y)); } \
    OVL R##4 f(A##4 x, B y) { return (R##4)(f(x.s0, y), f(x.s1, y), f(x.s2, y), f(x.s3, y)); } \
    OVL R##8 f(A##8 x, B y) { return (R##8)(f(x.lo, y), f(x.hi, y)); } \
    OVL R##16 f(A##16 x, B y) { return (R##16)(f(x.lo, y), f(x.hi, y)); }
#define V3(R, A, B, C, f) \
    OVL R##2 f(A##2 x, B##2 y, C##2 z) { return (R##2)(f(x.s0, y.s0, z.s0), f(x.s1, y.s1, z.s1)); } \
    OVL R##3 f(A##3 x, B##3 y, C##3 z) { return (R##3)(f(x.s0, y.s0, z.s0), f(x.s1, y.s1, z.s1), f(x.s2, y.s2, z.s2)); } \
    OVL R##4 f(A##4 x, B##4 y, C##4 z) { return (R##4)(f(x.s0, y.s0, z.s0), f(x.s1, y.s1, z.s1), f(x.s2, y.s2, z.s2), f(x.s3, y.s3, z.s3)); } \
    OVL R##8 f(A##8 x, B##8 y, C##8 z) { return (R##8)(f(x.lo, y.lo, z.lo), f(x.hi, y.hi, z.hi)); } \
    OVL R##16 f(A##16 x, B##16 y, C##16 z) { return (R##16)(f(x.lo, y.lo, z.lo), f(x.hi, y.hi, z.hi)); }
/* last two arguments scalar (clamp(x, lo, hi)) */
#define V3SS(R, A, B, C, f) \
    OVL R##2 f(A##2 x, B y, C z) { return (R##2)(f(x.s0, y, z), f(x.s1, y, z)); } \
    OVL R##3 f(A##3 x, B y, C z) { return (R##3)(f(x.s0, y, z), f(x.s1, y, z), f(x.s2, y, z)); } \
    OVL R##4 f(A##4 x, B y, C z) { return (R##4)(f(x.s0, y, z), f(x.s1, y, z), f(x.s2, y, z), f(x.s3, y, z)); } \
    OVL R##8 f(A##8 x, B y, C z) { return (R##8)(f(x.lo, y, z), f(x.hi, y, z)); } \
    OVL R##16 f(A##16 x, B y, C z) { return (R##16)(f(x.lo, y, z), f(x.hi, y, z)); }
/* pointer output argument in address space AS (modf, fract, frexp, sincos, remquo, lgamma_r) */
#define V2P(R, A, P, AS, f) \
    OVL R##2 f(A##2 x, AS P##2 *p) { P a, b; R##2 r = (R##2)(f(x.s0, &a), f(x.s1, &b)); *p = (P##2)(a, b); return r; } \
    OVL R##3 f(A##3 x, AS P##3 *p) { P a, b, c; R##3 r = (R##3)(f(x.s0, &a), f(x.s1, &b), f(x.s2, &c)); *p = (P##3)(a, b, c); return r; } \
    OVL R##4 f(A##4 x, AS P##4 *p) { P a, b, c, d; R##4 r = (R##4)(f(x.s0, &a), f(x.s1, &b), f(x.s2, &c), f(x.s3, &d)); *p = (P##4)(a, b, c, d); return r; } \
    OVL R##8 f(A##8 x, AS P##8 *p) { P##4 a, b; R##8 r = (R##8)(f(x.lo, &a), f(x.hi, &b)); *p = (P##8)(a, b); return r; } \
    OVL R##16 f(A##16 x, AS P##16 *p) { P##8 a, b; R##16 r = (R##16)(f(x.lo, &a), f(x.hi, &b)); *p = (P##16)(a, b); return r; }
#define SCALAR_PTR_AS(R, A, P, f) \
    OVL R f(A x, __global P *p) { P v; R r = f(x, &v); *p = v; return r; } \
    OVL R f(A x, __local P *p) { P v; R r = f(x, &v); *p = v; return r; }
#define ALL_PTR(R, A, P, f) SCALAR_PTR_AS(R, A, P, f) V2P(R, A, P, __private, f) V2P(R, A, P, __global, f) V2P(R, A, P, __local, f)

/* ---------------------------------------------------------------- float basics (exact) */

#define F_INF as_float(0x7f800000u)
#define F_NAN as_float(0x7fc00000u)
#define PIO2_HI 1.57079625129699707031f   /* pi/2 truncated to 24 bits (0x3FC90FDA) */
#define PIO2_LO 7.54978995489188216e-08f  /* pi/2 - PIO2_HI */
#define PI_HI 3.14159250259399414062f     /* 2 * PIO2_HI */
#define PI_LO 1.50995799097837643e-07f
#define PIO4_HI 0.785398125648498535156f
#define PIO4_LO 3.77489497744594108e-08f
#define LN2_HI 0.693359375f               /* 355/512: k * LN2_HI is exact for |k| < 2^15 */
#define LN2_LO (-2.12194440e-4f)          /* ln 2 - LN2_HI */
#define LN2_F 0.693147182464599609375f    /* ln 2 rounded to float */
#define LOG2E_HI 1.44269502162933349609f  /* log2(e) rounded to float */
#define LOG2E_LO 1.92596299112661746e-08f
#define LOG10E_HI 0.434294492006301879883f
#define LOG10E_LO (-1.01030500521e-08f)
#define LG2_HI 0.301025390625f            /* log10(2) with 12 bits */
#define LG2_LO 4.60503898119e-06f

INL uint fbits(float x) { return as_uint(x); }
INL int isnan_(float x) { return (fbits(x) & 0x7fffffffu) > 0x7f800000u; }
INL int isinf_(float x) { return (fbits(x) & 0x7fffffffu) == 0x7f800000u; }
INL float fabs_(float x) { return as_float(fbits(x) & 0x7fffffffu); }
INL float copysign_(float x, float y) { return as_float((fbits(x) & 0x7fffffffu) | (fbits(y) & 0x80000000u)); }
INL float fma_(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
INL float sqrt_(float x) { return __builtin_sqrtf(x); }

/* x truncated, for any x: floats of magnitude 2^23 or more (and NaN, inf) are integers already. */
INL float trunc_(float x) { return fabs_(x) < 0x1p23f ? copysign_((float)(int)x, x) : x; }
/* nearest integer, ties to even (the default rounding of the addition) */
INL float rint_(float x) {
    float a = fabs_(x);
    return a < 0x1p23f ? copysign_((a + 0x1p23f) - 0x1p23f, x) : x;
}
INL float floor_(float x) { float t = trunc_(x); return t > x ? t - 1.0f : t; }
INL float ceil_(float x) { float t = trunc_(x); return t < x ? t + 1.0f : t; }
/* 2^k for k in [-126, 127] */
INL float pow2i(int k) { return as_float((uint)(k + 127) << 23); }
/* x * 2^k for any int k, rounded once (the scale is split so no intermediate overflows early) */
INL float scale2(float x, int k) {
    if (k > 127) { x *= 0x1p127f; k -= 127; if (k > 127) { x *= 0x1p127f; k -= 127; if (k > 127) k = 127; } }
    else if (k < -126) {
        /* two steps so a subnormal result is rounded once: first stay normal, then the last scale */
        x *= 0x1p-102f; k += 102;
        if (k < -126) { x *= 0x1p-102f; k += 102; if (k < -126) k = -126; }
    }
    return x * pow2i(k);
}

OVL float fabs(float x) { return fabs_(x); }
OVL float copysign(float x, float y) { return copysign_(x, y); }
OVL float trunc(float x) { return trunc_(x); }
OVL float rint(float x) { return rint_(x); }
OVL float floor(float x) { return floor_(x); }
OVL float ceil(float x) { return ceil_(x); }
OVL float round(float x) {
    float t = trunc_(x);
    return fabs_(x - t) >= 0.5f ? t + copysign_(1.0f, x) : t;
}
OVL float fmin(float x, float y) { return __builtin_fminf(x, y); }
OVL float fmax(float x, float y) { return __builtin_fmaxf(x, y); }
OVL float fdim(float x, float y) { return isnan_(x) || isnan_(y) ? F_NAN : x > y ? x - y : 0.0f; }
OVL float maxmag(float x, float y) {
    float a = fabs_(x), b = fabs_(y);
    return a > b ? x : b > a ? y : __builtin_fmaxf(x, y);
}
OVL float minmag(float x, float y) {
    float a = fabs_(x), b = fabs_(y);
    return a < b ? x : b < a ? y : __builtin_fminf(x, y);
}
OVL float fma(float a, float b, float c) { return fma_(a, b, c); }
OVL float mad(float a, float b, float c) { return fma_(a, b, c); }
OVL float sqrt(float x) { return sqrt_(x); }
OVL float rsqrt(float x) { return 1.0f / sqrt_(x); }
OVL float nan(uint code) { return as_float(0x7fc00000u | (code & 0x003fffffu)); }
OVL float nextafter(float x, float y) {
    if (isnan_(x) || isnan_(y)) return x + y;
    if (x == y) return y;
    if (x == 0.0f) return copysign_(as_float(1u), y);
    uint b = fbits(x);
    b = ((x < y) == (x > 0.0f)) ? b + 1u : b - 1u;
    return as_float(b);
}
OVL int ilogb(float x) {
    uint a = fbits(x) & 0x7fffffffu;
    if (a == 0) return FP_ILOGB0;
    if (a >= 0x7f800000u) return a == 0x7f800000u ? 0x7fffffff : FP_ILOGBNAN;
    if (a < 0x00800000u) { int e = -126; while (a < 0x00800000u) { a <<= 1; e--; } return e; }
    return (int)(a >> 23) - 127;
}
OVL float logb(float x) {
    uint a = fbits(x) & 0x7fffffffu;
    if (a == 0) return -F_INF;
    if (a >= 0x7f800000u) return x * x;
    return (float)ilogb(x);
}
OVL float ldexp(float x, int k) {
    if (x == 0.0f || isinf_(x) || isnan_(x)) return x;
    return scale2(x, k);
}
OVL float frexp(float x, __private int *e) {
    uint a = fbits(x) & 0x7fffffffu;
    if (a == 0 || a >= 0x7f800000u) { *e = 0; return x; }
    int k = 0;
    if (a < 0x00800000u) { x *= 0x1p24f; a = fbits(x) & 0x7fffffffu; k = -24; }
    *e = k + (int)(a >> 23) - 126;
    return as_float((fbits(x) & 0x807fffffu) | 0x3f000000u);
}
OVL float modf(float x, __private float *ip) {
    float t = trunc_(x);
    *ip = t;
    return isinf_(x) ? copysign_(0.0f, x) : copysign_(x - t, x);
}
OVL float fract(float x, __private float *ip) {
    float f = floor_(x);
    *ip = f;
    if (isnan_(x)) return x;
    if (isinf_(x)) return copysign_(0.0f, x);
    return __builtin_fminf(x - f, 0x1.fffffep-1f);
}

/* x - n*y with n = trunc(x/y) computed exactly (integer long division of the significands); the
 * low 7 bits of n go to *quo. fmod, remainder and remquo build on it. */
INL float fmod_core(float x, float y, int *quo) {
    uint ax = fbits(x) & 0x7fffffffu, ay = fbits(y) & 0x7fffffffu;
    *quo = 0;
    if (ax < ay) return x;
    int ex = (int)(ax >> 23), ey = (int)(ay >> 23);
    uint mx, my;
    if (ex == 0) { mx = ax; ex = 1; while (mx < 0x00800000u) { mx <<= 1; ex--; } } else { mx = (ax & 0x007fffffu) | 0x00800000u; }
    if (ey == 0) { my = ay; ey = 1; while (my < 0x00800000u) { my <<= 1; ey--; } } else { my = (ay & 0x007fffffu) | 0x00800000u; }
    uint q = 0;
    for (int i = ex - ey; i > 0; i--) {
        if (mx >= my) { mx -= my; q++; }
        mx <<= 1;
        q <<= 1;
    }
    if (mx >= my) { mx -= my; q++; }
    *quo = (int)(q & 0x7fu);
    if (mx == 0) return copysign_(0.0f, x);
    /* renormalise: the result has exponent ey minus the shifts */
    while (mx < 0x00800000u) { mx <<= 1; ey--; }
    float r;
    if (ey >= 1) r = as_float(((uint)ey << 23) | (mx & 0x007fffffu));
    else r = as_float(mx >> (1 - ey)); /* exact: the remainder is a multiple of y's quantum */
    return copysign_(r, x);
}
OVL float fmod(float x, float y) {
    if (isnan_(x) || isnan_(y) || isinf_(x) || y == 0.0f) return F_NAN;
    if (isinf_(y)) return x;
    int q;
    return fmod_core(x, y, &q);
}
OVL float remquo(float x, float y, __private int *quo) {
    *quo = 0;
    if (isnan_(x) || isnan_(y) || isinf_(x) || y == 0.0f) return F_NAN;
    if (isinf_(y)) return x;
    int q;
    float r = fmod_core(x, y, &q);
    float ar = fabs_(r), ay = fabs_(y);
    /* round the quotient to nearest, ties to even: r > y/2, written without overflow */
    if (ar > ay - ar || (ar == ay - ar && (q & 1))) {
        r = r > 0.0f ? r - ay : r + ay;
        q++;
    }
    if (r == 0.0f) r = copysign_(0.0f, x);
    int sign = (fbits(x) ^ fbits(y)) >> 31;
    *quo = sign ? -(q & 0x7f) : (q & 0x7f);
    return r;
}
OVL float remainder(float x, float y) { int q; return remquo(x, y, &q); }

/* ---------------------------------------------------------------- exponentials */

/* e^r - 1 for |r| <= 0.36: the Taylor series to r^9 (the next term is below 2^-32 r). */
INL float expm1_poly(float r) {
    float p = 1.0f / 362880.0f;
    p = fma_(p, r, 1.0f / 40320.0f);
    p = fma_(p, r, 1.0f / 5040.0f);
    p = fma_(p, r, 1.0f / 720.0f);
    p = fma_(p, r, 1.0f / 120.0f);
    p = fma_(p, r, 1.0f / 24.0f);
    p = fma_(p, r, 1.0f / 6.0f);
    p = fma_(p, r, 0.5f);
    return fma_(p * r, r, r);
}

/* e^x = 2^k e^r, k = rint(x / ln 2), r = x - k ln 2 by Cody and Waite's two-part ln 2 (the first
 * product is exact). */
OVL float exp(float x) {
    if (isnan_(x)) return x;
    if (x > 88.7228394f) return F_INF;
    if (x < -103.972084f) return 0.0f;
    float k = rint_(x * LOG2E_HI);
    float r = fma_(-k, LN2_HI, x);
    r = fma_(-k, LN2_LO, r);
    return scale2(1.0f + expm1_poly(r), (int)k);
}
OVL float exp2(float x) {
    if (isnan_(x)) return x;
    if (x >= 128.0f) return F_INF;
    if (x <= -150.0f) return 0.0f;
    float k = rint_(x);
    float f = x - k; /* exact */
    /* f ln 2 as a sum: the rounding error of the product is kept by the fma */
    float r = f * LN2_F;
    float rlo = fma_(f, LN2_F, -r) + f * (-1.9046542e-9f);
    float p = expm1_poly(r);
    return scale2(1.0f + (p + rlo * (1.0f + p)), (int)k);
}
OVL float exp10(float x) {
    if (isnan_(x)) return x;
    if (x > 38.5318413f) return F_INF;
    if (x < -45.1544998f) return 0.0f;
    float k = rint_(x * 3.32192802f);
    float y = fma_(-k, LG2_HI, x);
    y = fma_(-k, LG2_LO, y);
    /* 10^y = e^(y ln 10); |y ln 10| <= 0.347 */
    float r = y * 2.30258512f;
    float rlo = fma_(y, 2.30258512f, -r) + y * (-3.19754367e-8f);
    float p = expm1_poly(r);
    return scale2(1.0f + (p + rlo * (1.0f + p)), (int)k);
}
OVL float expm1(float x) {
    if (isnan_(x)) return x;
    if (x > 88.7228394f) return F_INF;
    if (x < -17.3286800f) return -1.0f;
    if (fabs_(x) < 0x1p-24f) return x;
    if (fabs_(x) <= 0.34f) return expm1_poly(x);
    float k = rint_(x * LOG2E_HI);
    float r = fma_(-k, LN2_HI, x);
    r = fma_(-k, LN2_LO, r);
    float p = expm1_poly(r);
    int ki = (int)k;
    if (ki > 100) return scale2(1.0f + p, ki); /* 1 is below the result's last bit */
    /* 2^k (e^r - 1) + (2^k - 1), both terms exact or nearly so */
    float t = scale2(1.0f, ki);
    return fma_(t, p, t - 1.0f);
}

/* ---------------------------------------------------------------- logarithms */

/* x = 2^e m with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(s), s = (m-1)/(m+1), as hi + lo with
 * the division's rounding error kept in lo (so logarithms and pow keep about 2^-40 relative). */
typedef struct { float e, hi, lo; } log_parts;
INL log_parts log_core(float x) {
    uint b = fbits(x);
    int e = 0;
    if (b < 0x00800000u) { x *= 0x1p25f; b = fbits(x); e = -25; }
    e += (int)(b >> 23) - 127;
    float m = as_float((b & 0x007fffffu) | 0x3f800000u);
    if (m > 1.41421354f) { m *= 0.5f; e++; }
    float f = m - 1.0f;                   /* exact */
    float u = 2.0f + f;
    float uerr = (2.0f - u) + f;          /* exact: 2 + f = u + uerr */
    float s = f / u;
    float slo = (fma_(-s, u, f) - s * uerr) / u;
    float s2 = s * s;
    float p = 2.0f / 15.0f;
    p = fma_(p, s2, 2.0f / 13.0f);
    p = fma_(p, s2, 2.0f / 11.0f);
    p = fma_(p, s2, 2.0f / 9.0f);
    p = fma_(p, s2, 2.0f / 7.0f);
    p = fma_(p, s2, 2.0f / 5.0f);
    p = fma_(p, s2, 2.0f / 3.0f);
    log_parts r;
    r.e = (float)e;
    r.hi = 2.0f * s;
    r.lo = fma_(s * s2, p, 2.0f * slo);
    return r;
}
/* a + b as hi + lo exactly (|a| >= |b| or a == 0) */
INL float fast2sum_lo(float a, float b, float s) { return (a - s) + b; }

INL int log_special(float x, float *out) {
    if (isnan_(x)) { *out = x; return 1; }
    if (x < 0.0f) { *out = F_NAN; return 1; }
    if (x == 0.0f) { *out = -F_INF; return 1; }
    if (isinf_(x)) { *out = x; return 1; }
    return 0;
}
OVL float log(float x) {
    float sp;
    if (log_special(x, &sp)) return sp;
    log_parts p = log_core(x);
    float a = p.e * LN2_HI;               /* exact */
    float s = a + p.hi;
    float t = fabs_(a) >= fabs_(p.hi) ? fast2sum_lo(a, p.hi, s) : fast2sum_lo(p.hi, a, s);
    return s + (t + fma_(p.e, LN2_LO, p.lo));
}
OVL float log2(float x) {
    float sp;
    if (log_special(x, &sp)) return sp;
    log_parts p = log_core(x);
    float h = p.hi * LOG2E_HI;
    float l = fma_(p.hi, LOG2E_HI, -h) + fma_(p.hi, LOG2E_LO, p.lo * LOG2E_HI);
    float s = p.e + h;
    float t = fabs_(p.e) >= fabs_(h) ? fast2sum_lo(p.e, h, s) : fast2sum_lo(h, p.e, s);
    return s + (t + l);
}
OVL float log10(float x) {
    float sp;
    if (log_special(x, &sp)) return sp;
    log_parts p = log_core(x);
    float h = p.hi * LOG10E_HI;
    float l = fma_(p.hi, LOG10E_HI, -h) + fma_(p.hi, LOG10E_LO, p.lo * LOG10E_HI);
    float a = p.e * LG2_HI;               /* exact */
    float s = a + h;
    float t = fabs_(a) >= fabs_(h) ? fast2sum_lo(a, h, s) : fast2sum_lo(h, a, s);
    return s + (t + fma_(p.e, LG2_LO, l));
}
OVL float log1p(float x) {
    if (isnan_(x)) return x;
    if (x < -1.0f) return F_NAN;
    if (x == -1.0f) return -F_INF;
    if (isinf_(x)) return x;
    if (fabs_(x) < 0x1p-24f) return x;
    float u = 1.0f + x;
    /* 1 + x = u + c exactly (c = the addition's rounding error); ln(1+x) = ln u + c/u */
    float c = fabs_(x) <= 1.0f ? (1.0f - u) + x : (x - u) + 1.0f;
    log_parts p = log_core(u);
    float a = p.e * LN2_HI;
    float s = a + p.hi;
    float t = fabs_(a) >= fabs_(p.hi) ? fast2sum_lo(a, p.hi, s) : fast2sum_lo(p.hi, a, s);
    return s + (t + fma_(p.e, LN2_LO, p.lo) + c / u);
}

/* ---------------------------------------------------------------- powers */

INL int is_int_(float y) { return trunc_(y) == y; }
INL int is_odd_int_(float y) {
    if (fabs_(y) >= 0x1p24f || !is_int_(y)) return 0;
    return ((int)y) & 1;
}
/* |x|^y for finite x > 0 and finite y: 2^(y log2 x) with log2 x and the product as double-floats */
INL float pow_core(float ax, float y) {
    log_parts p = log_core(ax);
    float h = p.hi * LOG2E_HI;
    float l = fma_(p.hi, LOG2E_HI, -h) + fma_(p.hi, LOG2E_LO, p.lo * LOG2E_HI);
    float th = p.e + h;
    float tl = (fabs_(p.e) >= fabs_(h) ? fast2sum_lo(p.e, h, th) : fast2sum_lo(h, p.e, th)) + l;
    /* renormalise t = th + tl */
    float t = th + tl;
    tl = (th - t) + tl;
    th = t;
    float zh = y * th;
    float zl = fma_(y, th, -zh) + y * tl;
    if (zh > 128.0f || (zh == 128.0f && zl >= 0.0f)) return F_INF;
    if (zh < -151.0f) return 0.0f;
    float k = rint_(zh);
    float f = (zh - k) + zl;
    float r = f * LN2_F;
    float rlo = fma_(f, LN2_F, -r) + f * (-1.9046542e-9f);
    float q = expm1_poly(r);
    return scale2(1.0f + (q + rlo * (1.0f + q)), (int)k);
}
/* C99 Annex F.9.4.4 special cases, then the sign for negative x and odd integer y */
OVL float pow(float x, float y) {
    if (y == 0.0f || x == 1.0f) return 1.0f;
    if (isnan_(x) || isnan_(y)) return F_NAN;
    float ax = fabs_(x);
    int yodd = is_odd_int_(y);
    if (isinf_(y)) {
        if (ax == 1.0f) return 1.0f;
        return (ax < 1.0f) == (y < 0.0f) ? F_INF : 0.0f;
    }
    if (x == 0.0f) return y < 0.0f ? (yodd ? copysign_(F_INF, x) : F_INF) : (yodd ? x : 0.0f);
    if (isinf_(x)) {
        float r = y < 0.0f ? 0.0f : F_INF;
        return x < 0.0f && yodd ? -r : r;
    }
    if (x < 0.0f && !is_int_(y)) return F_NAN;
    float r = pow_core(ax, y);
    return x < 0.0f && yodd ? -r : r;
}
OVL float powr(float x, float y) {
    if (isnan_(x) || isnan_(y) || x < 0.0f) return F_NAN;
    if (x == 0.0f) return y == 0.0f ? F_NAN : y < 0.0f ? F_INF : 0.0f;
    if (isinf_(x)) return y == 0.0f ? F_NAN : y < 0.0f ? 0.0f : F_INF;
    if (x == 1.0f) return isinf_(y) ? F_NAN : 1.0f;
    return pow(x, y);
}
OVL float pown(float x, int n) {
    if (n == 0) return 1.0f;
    return pow(x, (float)n) ; /* n converts exactly for |n| <= 2^24; beyond, the rounding keeps odd/even only if exact */
}
OVL float rootn(float x, int n) {
    if (n == 0 || isnan_(x)) return F_NAN;
    int odd = n & 1;
    if (x < 0.0f && !odd) return F_NAN;
    if (x == 0.0f) return n > 0 ? (odd ? x : 0.0f) : (odd ? copysign_(F_INF, x) : F_INF);
    if (isinf_(x)) return n > 0 ? x : copysign_(0.0f, x);
    float ax = fabs_(x);
    /* |x|^(1/n) = 2^(log2|x| / n) with the quotient as a double-float */
    log_parts p = log_core(ax);
    float h = p.hi * LOG2E_HI;
    float l = fma_(p.hi, LOG2E_HI, -h) + fma_(p.hi, LOG2E_LO, p.lo * LOG2E_HI);
    float th = p.e + h;
    float tl = (fabs_(p.e) >= fabs_(h) ? fast2sum_lo(p.e, h, th) : fast2sum_lo(h, p.e, th)) + l;
    float fn = (float)n;
    float zh = th / fn;
    float zl = (fma_(-zh, fn, th) + tl) / fn;
    float k = rint_(zh);
    float f = (zh - k) + zl;
    float r = f * LN2_F;
    float rlo = fma_(f, LN2_F, -r) + f * (-1.9046542e-9f);
    float q = expm1_poly(r);
    float res = scale2(1.0f + (q + rlo * (1.0f + q)), (int)k);
    return x < 0.0f ? -res : res;
}
OVL float cbrt(float x) {
    if (isnan_(x) || isinf_(x) || x == 0.0f) return x;
    float ax = fabs_(x);
    int adj = 0;
    /* keep y^3 finite and normal in the steps below: scale by 2^(+-120), whose cube root is exact */
    if (ax < 0x1p-100f) { ax *= 0x1p120f; adj = -40; }
    else if (ax > 0x1p100f) { ax *= 0x1p-120f; adj = 40; }
    /* first guess from the exponent, then Newton steps; the last one uses the exact residual */
    float y = as_float(fbits(ax) / 3u + 0x2a5137a0u);
    y = y - (y * y * y - ax) / (3.0f * y * y);
    y = y - (y * y * y - ax) / (3.0f * y * y);
    y = y - (y * y * y - ax) / (3.0f * y * y);
    float y2 = y * y;
    float e2 = fma_(y, y, -y2);
    float y3 = y2 * y;
    float e3 = fma_(y2, y, -y3) + e2 * y;
    float res = (ax - y3) - e3;
    y = y + res / (3.0f * y2);
    return copysign_(scale2(y, adj), x);
}
OVL float hypot(float x, float y) {
    if (isinf_(x) || isinf_(y)) return F_INF;
    if (isnan_(x) || isnan_(y)) return F_NAN;
    float a = fabs_(x), b = fabs_(y);
    if (a < b) { float t = a; a = b; b = t; }
    if (b == 0.0f) return a;
    int k = ilogb(a);
    /* scale so that a*a neither overflows nor underflows */
    float as = scale2(a, -k), bs = scale2(b, -k);
    float s = sqrt_(fma_(as, as, bs * bs));
    return scale2(s, k);
}

/* ---------------------------------------------------------------- trigonometry */

/* The bits of 2/pi, 32 per word (Payne and Hanek's reduction reads a window of them). */
__constant uint TWO_OVER_PI[10] = { 0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u, 0xDB629599u,
                                    0x3C439041u, 0xFE5163ABu, 0xDEBBC561u, 0xB7246E3Au, 0x424DD2E0u };
#define PIO2_F 1.57079637050628662109f
#define PIO2_F_LO (-4.37113900018624262e-08f)
#define PIO2_MID 7.54979012640433200e-08f
#define PIO2_LO3 (-1.71512451000588189e-15f)

INL uint clz32_(uint x) {
    if (x == 0) return 32;
    uint n = 0;
    if (!(x & 0xffff0000u)) { n += 16; x <<= 16; }
    if (!(x & 0xff000000u)) { n += 8; x <<= 8; }
    if (!(x & 0xf0000000u)) { n += 4; x <<= 4; }
    if (!(x & 0xc0000000u)) { n += 2; x <<= 2; }
    if (!(x & 0x80000000u)) { n += 1; }
    return n;
}
INL uint limb5(uint p0, uint p1, uint p2, uint p3, uint p4, int i) {
    return i == 0 ? p0 : i == 1 ? p1 : i == 2 ? p2 : i == 3 ? p3 : i == 4 ? p4 : 0u;
}
INL uint bits32_at(uint p0, uint p1, uint p2, uint p3, uint p4, int pos) {
    int i = pos >> 5, o = pos & 31;
    uint lo = limb5(p0, p1, p2, p3, p4, i);
    return o == 0 ? lo : (lo >> o) | (limb5(p0, p1, p2, p3, p4, i + 1) << (32 - o));
}

/* x = q pi/2 + r with |r| <= about pi/4 (q mod 4). Below 2^17: Cody and Waite with three parts
 * of pi/2 (the first product and subtraction are exact); above: Payne and Hanek, x times a
 * 128-bit window of 2/pi in integer arithmetic, the fraction converted as a double-float. */
INL float reduce_pio2(float x, int *q) {
    float ax = fabs_(x);
    if (ax <= 0.785398163f) { *q = 0; return x; }
    if (ax < 0x1p17f) {
        float j = rint_(x * 0.636619747f);
        float r = fma_(-j, PIO2_HI, x);
        r = fma_(-j, PIO2_MID, r);
        r = fma_(-j, PIO2_LO3, r);
        *q = (int)j & 3;
        return r;
    }
    uint b = fbits(ax);
    int s = (int)(b >> 23) - 150;           /* ax = M 2^s */
    uint m = (b & 0x007fffffu) | 0x00800000u;
    int w0 = s >= 2 ? (s - 2) >> 5 : 0;
    int sh = s - 32 * w0;                   /* value = P 2^(sh - 128) */
    ulong t = (ulong)m * TWO_OVER_PI[w0 + 3];
    uint p0 = (uint)t; t >>= 32;
    t += (ulong)m * TWO_OVER_PI[w0 + 2];
    uint p1 = (uint)t; t >>= 32;
    t += (ulong)m * TWO_OVER_PI[w0 + 1];
    uint p2 = (uint)t; t >>= 32;
    t += (ulong)m * TWO_OVER_PI[w0];
    uint p3 = (uint)t;
    uint p4 = (uint)(t >> 32);
    int bp = 128 - sh;                      /* the binary point's bit */
    uint qi = bits32_at(p0, p1, p2, p3, p4, bp) & 3u;
    ulong f = ((ulong)bits32_at(p0, p1, p2, p3, p4, bp - 32) << 32) | bits32_at(p0, p1, p2, p3, p4, bp - 64);
    if (f >> 63) qi++;                      /* fraction >= 1/2: take it as fraction - 1 */
    long fs = (long)f;
    int neg = fs < 0;
    ulong a = neg ? (ulong)(-fs) : (ulong)fs;
    uint hiw = (uint)(a >> 32);
    int lz = hiw ? (int)clz32_(hiw) : 32 + (int)clz32_((uint)a);
    if (lz >= 64) { *q = (int)(x < 0.0f ? (4u - qi) & 3u : qi & 3u); return 0.0f; }
    a <<= lz;
    float h = (float)(uint)(a >> 40) * pow2i(-24 - lz);
    float l = (float)(uint)((a >> 16) & 0xffffffu) * pow2i(-48 - lz);
    float rh = h * PIO2_F;
    float rl = fma_(h, PIO2_F, -rh) + fma_(h, PIO2_F_LO, l * PIO2_F);
    float r = rh + rl;
    if (neg) r = -r;
    if (x < 0.0f) { r = -r; qi = 4u - (qi & 3u); }
    *q = (int)(qi & 3u);
    return r;
}
/* Taylor series on |r| <= pi/4 (+ a little): sin to r^13, cos to r^14 */
INL float sin_poly(float r) {
    float r2 = r * r;
    float p = -1.0f / 1307674368000.0f;
    p = fma_(p, r2, 1.0f / 6227020800.0f);
    p = fma_(p, r2, -1.0f / 39916800.0f);
    p = fma_(p, r2, 1.0f / 362880.0f);
    p = fma_(p, r2, -1.0f / 5040.0f);
    p = fma_(p, r2, 1.0f / 120.0f);
    p = fma_(p, r2, -1.0f / 6.0f);
    return fma_(r * r2, p, r);
}
INL float cos_poly(float r) {
    float r2 = r * r;
    float p = 1.0f / 87178291200.0f;
    p = fma_(p, r2, -1.0f / 479001600.0f);
    p = fma_(p, r2, 1.0f / 3628800.0f);
    p = fma_(p, r2, -1.0f / 40320.0f);
    p = fma_(p, r2, 1.0f / 720.0f);
    p = fma_(p, r2, -1.0f / 24.0f);
    /* 1 - r2/2 + r2^2 (-p): the big part first, its rounding error recovered */
    float hr = 0.5f * r2;
    float w = 1.0f - hr;
    float werr = ((1.0f - w) - hr) + fma_(0.5f * r, r, -hr);
    return w + (werr - (r2 * r2) * p);
}
OVL float sin(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float r = reduce_pio2(x, &q);
    float v = (q & 1) ? cos_poly(r) : sin_poly(r);
    return (q & 2) ? -v : v;
}
OVL float cos(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float r = reduce_pio2(x, &q);
    float v = (q & 1) ? sin_poly(r) : cos_poly(r);
    return ((q + 1) & 2) ? -v : v;
}
OVL float tan(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float r = reduce_pio2(x, &q);
    float s = sin_poly(r), c = cos_poly(r);
    return (q & 1) ? -c / s : s / c;
}
OVL float sincos(float x, __private float *cv) {
    if (isinf_(x) || isnan_(x)) { *cv = F_NAN; return F_NAN; }
    int q;
    float r = reduce_pio2(x, &q);
    float s = sin_poly(r), c = cos_poly(r);
    float sv = (q & 1) ? c : s, cc = (q & 1) ? s : c;
    *cv = ((q + 1) & 2) ? -cc : cc;
    return (q & 2) ? -sv : sv;
}
/* x pi for |x| <= 1/4 as hi + lo */
#define PI_F 3.14159274101257324219f
#define PI_F_LO (-8.74227800037248484e-08f)
INL float sinpi_r(float f) {
    float rh = f * PI_F;
    float rl = fma_(f, PI_F, -rh) + f * PI_F_LO;
    return sin_poly(rh) + rl;
}
INL float cospi_r(float f) {
    float rh = f * PI_F;
    float rl = fma_(f, PI_F, -rh) + f * PI_F_LO;
    return cos_poly(rh) - rl * rh;
}
/* x = n/2 + f exactly, |f| <= 1/4, q = n mod 4 */
INL float reduce_half(float x, int *q) {
    float n = rint_(2.0f * x);
    float f = x - 0.5f * n;
    if (fabs_(x) >= 0x1p24f) { *q = 0; return 0.0f; }
    *q = (int)n & 3;
    return f;
}
OVL float sinpi(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float f = reduce_half(x, &q);
    float v = (q & 1) ? cospi_r(f) : sinpi_r(f);
    v = (q & 2) ? -v : v;
    return v == 0.0f ? copysign_(0.0f, x) : v;
}
OVL float cospi(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float f = reduce_half(x, &q);
    float v = (q & 1) ? sinpi_r(f) : cospi_r(f);
    v = ((q + 1) & 2) ? -v : v;
    return v == 0.0f ? 0.0f : v;
}
OVL float tanpi(float x) {
    if (isinf_(x) || isnan_(x)) return F_NAN;
    int q;
    float f = reduce_half(x, &q);
    float s = sinpi_r(f), c = cospi_r(f);
    float v = (q & 1) ? -c / s : s / c;
    return v == 0.0f ? copysign_(0.0f, (q & 1) ? -x : x) : v;
}

/* atan on [0, 1]: reduced to |u| <= tan(pi/8) around 0 or 1, then the Taylor series */
INL float atan_series(float u) {
    float u2 = u * u;
    float p = -1.0f / 23.0f;
    p = fma_(p, u2, 1.0f / 21.0f);
    p = fma_(p, u2, -1.0f / 19.0f);
    p = fma_(p, u2, 1.0f / 17.0f);
    p = fma_(p, u2, -1.0f / 15.0f);
    p = fma_(p, u2, 1.0f / 13.0f);
    p = fma_(p, u2, -1.0f / 11.0f);
    p = fma_(p, u2, 1.0f / 9.0f);
    p = fma_(p, u2, -1.0f / 7.0f);
    p = fma_(p, u2, 1.0f / 5.0f);
    p = fma_(p, u2, -1.0f / 3.0f);
    return fma_(u * u2, p, u);
}
INL float atan_pos(float a) {
    /* a >= 0, finite or inf */
    if (a <= 0.41421356f) return atan_series(a);
    if (a <= 2.41421356f) return PIO4_HI + (PIO4_LO + atan_series((a - 1.0f) / (a + 1.0f)));
    if (isinf_(a) || a > 0x1p26f) return PIO2_HI + PIO2_LO;
    return PIO2_HI - (atan_series(1.0f / a) - PIO2_LO);
}
OVL float atan(float x) {
    if (isnan_(x)) return x;
    return copysign_(atan_pos(fabs_(x)), x);
}
OVL float atan2(float y, float x) {
    if (isnan_(x) || isnan_(y)) return F_NAN;
    if (y == 0.0f) {
        if (x > 0.0f || (x == 0.0f && !(fbits(x) >> 31))) return y;
        return copysign_(PI_HI + PI_LO, y);
    }
    if (x == 0.0f) return copysign_(PIO2_HI + PIO2_LO, y);
    if (isinf_(y)) {
        if (isinf_(x)) return copysign_(x > 0.0f ? PIO4_HI + PIO4_LO : 2.35619449f, y);
        return copysign_(PIO2_HI + PIO2_LO, y);
    }
    if (isinf_(x)) return x > 0.0f ? copysign_(0.0f, y) : copysign_(PI_HI + PI_LO, y);
    float ay = fabs_(y), ax = fabs_(x);
    float a;
    int ey = ilogb(ay), ex = ilogb(ax);
    if (ey - ex > 26) a = PIO2_HI + PIO2_LO;
    else if (ex - ey > 26 && x > 0.0f) a = ay / ax;
    else if (ex - ey > 26) a = 0.0f;
    else {
        /* scale both so the quotient neither overflows nor loses bits to underflow */
        float q = scale2(ay, -ey) / scale2(ax, -ey);
        a = atan_pos(q);
    }
    if (x < 0.0f) a = PI_HI - (a - PI_LO);
    return copysign_(a, y);
}
/* asin on [0, 1/2]: the series sum c_n x^(2n+1), c_n = (2n)! / (4^n (n!)^2 (2n+1)) */
INL float asin_series(float x) {
    float x2 = x * x;
    float p = 0.0f;
    /* c_13 down to c_1 */
    p = fma_(p, x2, 5.7400377e-3f);
    p = fma_(p, x2, 6.4472103e-3f);
    p = fma_(p, x2, 7.3125259e-3f);
    p = fma_(p, x2, 8.3903358e-3f);
    p = fma_(p, x2, 9.7616095e-3f);
    p = fma_(p, x2, 1.1551801e-2f);
    p = fma_(p, x2, 1.3964844e-2f);
    p = fma_(p, x2, 1.7352764e-2f);
    p = fma_(p, x2, 2.2372159e-2f);
    p = fma_(p, x2, 3.0381944e-2f);
    p = fma_(p, x2, 4.4642857e-2f);
    p = fma_(p, x2, 7.5000000e-2f);
    p = fma_(p, x2, 1.6666667e-1f);
    return fma_(x * x2, p, x);
}
OVL float asin(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    if (a > 1.0f) return F_NAN;
    if (a <= 0.5f) return asin_series(x);
    float s = sqrt_((1.0f - a) * 0.5f);
    float v = PIO2_HI - (2.0f * asin_series(s) - PIO2_LO);
    return copysign_(v, x);
}
OVL float acos(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    if (a > 1.0f) return F_NAN;
    if (a <= 0.5f) return PIO2_HI - (asin_series(x) - PIO2_LO);
    float s = sqrt_((1.0f - a) * 0.5f);
    float v = 2.0f * asin_series(s);
    return x > 0.0f ? v : PI_HI - (v - PI_LO);
}
#define INV_PI 0.318309873f
#define INV_PI_LO 1.28412765e-8f
/* f(x) / pi with the product kept to about 2^-40 */
INL float over_pi(float v) { float h = v * INV_PI; return h + (fma_(v, INV_PI, -h) + v * INV_PI_LO); }
OVL float asinpi(float x) { return over_pi(asin(x)); }
OVL float acospi(float x) { return over_pi(acos(x)); }
OVL float atanpi(float x) { return over_pi(atan(x)); }
OVL float atan2pi(float y, float x) { return over_pi(atan2(y, x)); }

/* ---------------------------------------------------------------- hyperbolic */

OVL float sinh(float x) {
    if (isnan_(x) || isinf_(x)) return x;
    float a = fabs_(x), v;
    if (a < 0x1p-12f) return x;
    if (a < 1.0f) { float t = expm1(a); v = 0.5f * (t + t / (t + 1.0f)); }
    else if (a < 88.0f) { float e = exp(a); v = 0.5f * (e - 1.0f / e); }
    else if (a < 89.5f) { float e = exp(0.5f * a); v = (0.5f * e) * e; }
    else v = F_INF;
    return copysign_(v, x);
}
OVL float cosh(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    if (isinf_(a)) return a;
    if (a < 0x1p-12f) return 1.0f;
    if (a < 88.0f) { float e = exp(a); return 0.5f * e + 0.5f / e; }
    if (a < 89.5f) { float e = exp(0.5f * a); return (0.5f * e) * e; }
    return F_INF;
}
OVL float tanh(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x), v;
    if (a < 0x1p-12f) return x;
    if (a < 0.55f) { float t = expm1(2.0f * a); v = t / (t + 2.0f); }
    else if (a < 9.1f) v = 1.0f - 2.0f / (expm1(2.0f * a) + 2.0f);
    else v = 1.0f;
    return copysign_(v, x);
}
OVL float asinh(float x) {
    if (isnan_(x) || isinf_(x)) return x;
    float a = fabs_(x), v;
    if (a < 0x1p-12f) return x;
    if (a > 0x1p28f) v = log(a) + LN2_F;
    else if (a > 2.0f) v = log(2.0f * a + 1.0f / (sqrt_(fma_(a, a, 1.0f)) + a));
    else { float a2 = a * a; v = log1p(a + a2 / (1.0f + sqrt_(1.0f + a2))); }
    return copysign_(v, x);
}
OVL float acosh(float x) {
    if (isnan_(x)) return x;
    if (x < 1.0f) return F_NAN;
    if (isinf_(x)) return x;
    if (x > 0x1p28f) return log(x) + LN2_F;
    if (x > 2.0f) return log(2.0f * x - 1.0f / (x + sqrt_(fma_(x, x, -1.0f))));
    float t = x - 1.0f;
    return log1p(t + sqrt_(fma_(t, t, 2.0f * t)));
}
OVL float atanh(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    if (a > 1.0f) return F_NAN;
    if (a == 1.0f) return copysign_(F_INF, x);
    if (a < 0x1p-12f) return x;
    float v = a < 0.5f ? 0.5f * log1p(2.0f * a + 2.0f * a * a / (1.0f - a)) : 0.5f * log1p(2.0f * a / (1.0f - a));
    return copysign_(v, x);
}

/* ---------------------------------------------------------------- error and gamma functions */

#define TWO_OVER_SQRTPI_HI 1.12837922573089599609f   /* 2/sqrt(pi) rounded to float */
#define TWO_OVER_SQRTPI_LO (-5.86353834e-08f)
#define INV_SQRTPI 0.564189583547756287f
#define EULER_GAMMA 0.577215664901532861f
#define HALF_LN_2PI_HI 0.918938517570495605f         /* ln(2 pi) / 2 rounded to float */
#define HALF_LN_2PI_LO 1.56341771e-08f
#define LN_PI 1.14472988584940017f

/* m e^(hi + lo) for a double-float exponent (|lo| <= ulp(hi)), hi in [-104, 89]: the reduction of
 * exp with lo added to the reduced argument, and m multiplied in before the scale by 2^k, so a
 * result in the subnormal range is rounded once. */
INL float exp_dd_mul(float hi, float lo, float m) {
    float k = rint_(hi * LOG2E_HI);
    float r = fma_(-k, LN2_HI, hi);
    r = fma_(-k, LN2_LO, r) + lo;
    float p = expm1_poly(r);
    return scale2(fma_(m, p, m), (int)k);
}

/* erf(x) = (2/sqrt(pi)) (x + x t q(t)), t = x^2, with q the rest of the Taylor series:
 * q(t) = sum_{n>=1} (-1)^n t^(n-1) / (n! (2n+1)); 14 terms reach 2^-30 for |x| <= 1.25. The
 * result is C x + (C x) t q with C x as a double-float, so 1 - erf (erfc) keeps its bits too. */
INL float erf_q(float t) {
    float q = 1.0f / 2528170444800.0f;
    q = fma_(q, t, -1.0f / 168129561600.0f);
    q = fma_(q, t, 1.0f / 11975040000.0f);
    q = fma_(q, t, -1.0f / 918086400.0f);
    q = fma_(q, t, 1.0f / 76204800.0f);
    q = fma_(q, t, -1.0f / 6894720.0f);
    q = fma_(q, t, 1.0f / 685440.0f);
    q = fma_(q, t, -1.0f / 75600.0f);
    q = fma_(q, t, 1.0f / 9360.0f);
    q = fma_(q, t, -1.0f / 1320.0f);
    q = fma_(q, t, 1.0f / 216.0f);
    q = fma_(q, t, -1.0f / 42.0f);
    q = fma_(q, t, 1.0f / 10.0f);
    return fma_(q, t, -1.0f / 3.0f);
}
/* erf on |x| <= 1.25, or (complement) erfc on [0, 1]: 1 - erf with 1 - C x exact for C x >= 1/2 */
INL float erf_series(float x, int complement) {
    float t = x * x;
    float cx = x * TWO_OVER_SQRTPI_HI;
    float cxlo = fma_(x, TWO_OVER_SQRTPI_HI, -cx) + x * TWO_OVER_SQRTPI_LO;
    float tail = cxlo + cx * (t * erf_q(t));
    return complement ? (1.0f - cx) - tail : cx + tail;
}
/* erfc(x) for x > 1: e^(-x^2) / (sqrt(pi) K), K = x + (1/2)/(x + 1/(x + (3/2)/(x + ...))), Laplace's
 * continued fraction evaluated from its tail; the depth reaches 2^-27 at each interval's lower end.
 * x^2 is kept as a double-float, so the exponential's argument is exact. */
INL float erfc_large(float x) {
    if (x > 10.5f) return 0.0f;              /* erfc(10.06) is below half the least subnormal */
    int n = x >= 3.0f ? 16 : x >= 2.0f ? 28 : x >= 1.5f ? 48 : x >= 1.25f ? 64 : 96;
    float k = x;
    for (int i = n; i >= 1; i--) k = x + (0.5f * (float)i) / k;
    float h = x * x;
    float l = fma_(x, x, -h);
    return exp_dd_mul(-h, -l, INV_SQRTPI / k);
}
OVL float erf(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    if (a <= 1.25f) return erf_series(x, 0);
    if (a >= 4.0f) return copysign_(1.0f, x);  /* erfc(4) < 2^-25: erf rounds to 1 */
    return copysign_(1.0f - erfc_large(a), x);
}
OVL float erfc(float x) {
    if (isnan_(x)) return x;
    float a = fabs_(x);
    /* the series up to 1, where 1 - erf has lost less than 3 bits; the continued fraction beyond */
    if (a <= 1.0f) return x >= 0.0f ? erf_series(x, 1) : 1.0f + erf_series(a, 0);
    float c = erfc_large(a);
    return x > 0.0f ? c : 2.0f - c;
}

/* ln Gamma(1 + z) = -gamma z + sum_{k>=2} (-1)^k zeta(k) z^k / k for |z| <= 1/4 (terms to k = 14
 * below 2^-31); the coefficients are (-1)^k zeta(k) / k, zeta(k) summed to double precision. */
INL float lgamma1p_series(float z) {
    float p = 7.143294630e-02f;
    p = fma_(p, z, -7.693251641e-02f);
    p = fma_(p, z, 8.335384055e-02f);
    p = fma_(p, z, -9.095401715e-02f);
    p = fma_(p, z, 1.000994575e-01f);
    p = fma_(p, z, -1.113342659e-01f);
    p = fma_(p, z, 1.255096695e-01f);
    p = fma_(p, z, -1.440498968e-01f);
    p = fma_(p, z, 1.695571770e-01f);
    p = fma_(p, z, -2.073855510e-01f);
    p = fma_(p, z, 2.705808084e-01f);
    p = fma_(p, z, -4.006856344e-01f);
    p = fma_(p, z, 8.224670334e-01f);
    return z * fma_(p, z, -EULER_GAMMA);
}
/* ln Gamma(2 + z) = (1 - gamma) z + sum_{k>=2} (-1)^k (zeta(k) - 1) z^k / k for |z| <= 3/4 (to k = 19) */
INL float lgamma2p_series(float z) {
    float p = -1.004322482e-07f;
    p = fma_(p, z, 2.120718481e-07f);
    p = fma_(p, z, -4.492469199e-07f);
    p = fma_(p, z, 9.551412130e-07f);
    p = fma_(p, z, -2.039215754e-06f);
    p = fma_(p, z, 4.374866790e-06f);
    p = fma_(p, z, -9.439488275e-06f);
    p = fma_(p, z, 2.050721278e-05f);
    p = fma_(p, z, -4.492623674e-05f);
    p = fma_(p, z, 9.945751278e-05f);
    p = fma_(p, z, -2.231547585e-04f);
    p = fma_(p, z, 5.096695247e-04f);
    p = fma_(p, z, -1.192753912e-03f);
    p = fma_(p, z, 2.890510331e-03f);
    p = fma_(p, z, -7.385551029e-03f);
    p = fma_(p, z, 2.058080843e-02f);
    p = fma_(p, z, -6.735230105e-02f);
    p = fma_(p, z, 3.224670334e-01f);
    return z * fma_(p, z, 0.422784335098467139f);
}
/* ln Gamma(1 + z) for z in [-1/4, 3/4) (z exact: no rounding of 1 + z) */
INL float lgamma1p_(float z) { return z <= 0.25f ? lgamma1p_series(z) : lgamma2p_series(z - 1.0f); }

/* ln Gamma(x) for x >= 8 as hi + lo: Stirling's series (x - 1/2) ln x - x + ln(2 pi)/2 + 1/(12x)
 * - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7) + 1/(1188x^9) (Bernoulli numbers; the next term is below
 * 2^-40 at x = 8), with x (ln x - 1) - (ln x)/2 in double-float arithmetic. */
typedef struct { float hi, lo; } dfloat;
INL dfloat lgamma_stirling(float x) {
    log_parts p = log_core(x);
    /* ln x = e ln 2 + hi + lo, as one double-float */
    float a = p.e * LN2_HI;
    float lh = a + p.hi;
    float ll = (fabs_(a) >= fabs_(p.hi) ? fast2sum_lo(a, p.hi, lh) : fast2sum_lo(p.hi, a, lh)) + fma_(p.e, LN2_LO, p.lo);
    float t = lh + ll;
    ll = (lh - t) + ll;
    lh = t;
    float m = lh - 1.0f;                      /* exact: lh >= ln 8 */
    float ph = x * m;
    float pl = fma_(x, m, -ph) + x * ll;      /* x (ln x - 1) */
    float w = 1.0f / (x * x);
    float c = 1.0f / 1188.0f;
    c = fma_(c, w, -1.0f / 1680.0f);
    c = fma_(c, w, 1.0f / 1260.0f);
    c = fma_(c, w, -1.0f / 360.0f);
    c = fma_(c, w, 1.0f / 12.0f);
    float small = (c / x + HALF_LN_2PI_LO) - 0.5f * ll;
    float s = ph - 0.5f * lh;                 /* the two big terms, then what is left */
    float sl = (fabs_(ph) >= 0.5f * lh ? fast2sum_lo(ph, -0.5f * lh, s) : fast2sum_lo(-0.5f * lh, ph, s)) + pl;
    float u = s + HALF_LN_2PI_HI;
    float ul = fast2sum_lo(s, HALF_LN_2PI_HI, u) + sl + small;
    dfloat r = { u + ul, 0.0f };
    r.lo = (u - r.hi) + ul;
    return r;
}
/* x (x - 1) ... (x - n + 1) as a double-float: each factor is exact (x - k for an integral k < x
 * below 2^24), each product keeps its rounding error. */
INL dfloat falling_product(float x, int n, dfloat p) {
    for (int k = 0; k < n; k++) {
        float f = x - (float)k;
        float h = p.hi * f;
        p.lo = fma_(p.hi, f, -h) + p.lo * f;
        p.hi = h;
    }
    return p;
}

/* ln |Gamma(x)| for finite x > 0 */
INL float lgamma_pos(float x) {
    if (x < 0.75f) return lgamma1p_(x) - log(x);            /* Gamma(x) = Gamma(1 + x) / x */
    if (x <= 1.25f) return lgamma1p_series(x - 1.0f);
    if (x <= 2.75f) return lgamma2p_series(x - 2.0f);
    if (x < 8.0f) {
        /* Gamma(x) = (x - 1) ... (y) Gamma(y), y = x - n in (1.75, 2.75] */
        int n = (int)ceil_(x - 2.75f);
        dfloat one = { 1.0f, 0.0f };
        dfloat p = falling_product(x - 1.0f, n, one);
        return lgamma2p_series(x - (float)n - 2.0f) + (log(p.hi) + p.lo / p.hi);
    }
    if (x > 4.1e36f) return F_INF;           /* x (ln x - 1) is beyond FLT_MAX from about 4.08e36 */
    return lgamma_stirling(x).hi;
}
INL float lgamma_sign(float x, int *sign) {
    if (isnan_(x)) { *sign = 0; return x; }
    if (isinf_(x)) { *sign = 1; return F_INF; }
    if (x == 0.0f) { *sign = (fbits(x) >> 31) ? -1 : 1; return F_INF; }
    if (x > 0.0f) { *sign = 1; return lgamma_pos(x); }
    if (is_int_(x)) { *sign = 0; return F_INF; }            /* a pole */
    float a = -x;
    /* Gamma(x) for x in (-1, 0) is negative, in (-2, -1) positive, ...: the sign of floor(x)'s parity */
    float f = floor_(x);
    *sign = fabs_(f) < 0x1p24f && ((int)f & 1) ? -1 : 1;
    if (a <= 0.25f) return lgamma1p_series(x) - log(a);      /* Gamma(x) = Gamma(1 + x) / x */
    /* Gamma(x) Gamma(1 - x) = pi / sin(pi x) and Gamma(1 - x) = a Gamma(a) */
    return (LN_PI - log(fabs_(sinpi(x)))) - (log(a) + lgamma_pos(a));
}
OVL float lgamma(float x) { int s; return lgamma_sign(x, &s); }
OVL float lgamma_r(float x, __private int *sign) { int s; float r = lgamma_sign(x, &s); *sign = s; return r; }

/* Gamma(y) for y in [1, 2) */
INL float tgamma_1_2(float y) { return exp(y <= 1.25f ? lgamma1p_series(y - 1.0f) : lgamma2p_series(y - 2.0f)); }
/* Gamma(x) = (x - 1) (x - 2) ... (y) Gamma(y) for x >= 1, with the product a double-float and the
 * result rounded once; scaled by 2^-scale (so Gamma of up to 2^7 stays finite for the reflection). */
INL dfloat tgamma_ge1(float x, int scale) {
    int n = (int)x - 1;                       /* y = x - n in [1, 2) */
    dfloat start = { pow2i(-scale), 0.0f };
    dfloat p = falling_product(x - 1.0f, n, start);
    float g = tgamma_1_2(x - (float)n);
    dfloat r = { p.hi * g, 0.0f };
    r.lo = fma_(p.hi, g, -r.hi) + p.lo * g;
    return r;
}
OVL float tgamma(float x) {
    if (isnan_(x)) return x;
    if (x == 0.0f) return copysign_(F_INF, x);
    if (isinf_(x)) return x > 0.0f ? x : F_NAN;
    if (x > 35.1f) return F_INF;             /* Gamma(35.04) is FLT_MAX */
    if (fabs_(x) <= 0.25f) return exp(lgamma1p_series(x)) / x;   /* Gamma(1 + x) / x */
    if (x > 0.0f) {
        if (x < 1.0f) return exp(lgamma1p_(x)) / x;
        int scale = x > 34.0f ? 1 : 0;       /* above, (x - 1) ... (y) may pass FLT_MAX before Gamma(y) < 1 */
        dfloat r = tgamma_ge1(x, scale);
        return scale2(r.hi + r.lo, scale);
    }
    if (is_int_(x)) return F_NAN;            /* a pole */
    if (x < -45.0f) return copysign_(0.0f, sinpi(x)); /* |Gamma(x)| < 2^-150 */
    /* Gamma(x) = pi / (sin(pi x) Gamma(1 - x)), Gamma(1 - x) = a Gamma(a) = Gamma(1 + a) for a = -x;
     * for a >= 30, Gamma(1 + a) is carried scaled by 2^-64 and the quotient scaled back once. */
    float a = -x;
    int scale = a >= 30.0f ? 64 : 0;
    dfloat g;
    if (a < 1.0f) {
        g.hi = exp(lgamma1p_(a));
        g.lo = 0.0f;
    } else {
        g = tgamma_ge1(a, scale);
        float h = g.hi * a;                  /* Gamma(1 + a) = a Gamma(a) */
        g.lo = fma_(g.hi, a, -h) + g.lo * a;
        g.hi = h;
    }
    float s = sinpi(x);
    float dh = g.hi * s;
    float dl = fma_(g.hi, s, -dh) + g.lo * s;
    /* (PI_F + PI_F_LO) / (dh + dl) */
    float q = PI_F / dh;
    float ql = (fma_(-q, dh, PI_F) + PI_F_LO - q * dl) / dh;
    return scale2(q + ql, -scale);
}

/* ---------------------------------------------------------------- native_* and half_* */

/* native_*: implementation-defined precision; here the full-precision functions (rvsimt's SFU
 * instructions are not used, so results do not depend on the device's --fast-sfu setting).
 * half_*: at most 8192 ulp in the specification; the same functions. */
#define NATIVE1(f) OVL float native_##f(float x) { return f(x); } OVL float half_##f(float x) { return f(x); }
NATIVE1(cos) NATIVE1(exp) NATIVE1(exp2) NATIVE1(exp10) NATIVE1(log) NATIVE1(log2) NATIVE1(log10)
NATIVE1(rsqrt) NATIVE1(sin) NATIVE1(sqrt) NATIVE1(tan)
OVL float native_recip(float x) { return 1.0f / x; }
OVL float half_recip(float x) { return 1.0f / x; }
OVL float native_divide(float x, float y) { return x / y; }
OVL float half_divide(float x, float y) { return x / y; }
OVL float native_powr(float x, float y) { return powr(x, y); }
OVL float half_powr(float x, float y) { return powr(x, y); }

/* ---------------------------------------------------------------- common functions */

OVL float clamp(float x, float lo, float hi) { return __builtin_fminf(__builtin_fmaxf(x, lo), hi); }
OVL float degrees(float r) { return r * 57.2957795f; }
OVL float radians(float d) { return d * 0.0174532925f; }
OVL float max(float x, float y) { return __builtin_fmaxf(x, y); }
OVL float min(float x, float y) { return __builtin_fminf(x, y); }
OVL float mix(float x, float y, float a) { return x + (y - x) * a; }
OVL float step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }
OVL float smoothstep(float e0, float e1, float x) {
    float t = clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
OVL float sign(float x) {
    if (isnan_(x)) return 0.0f;
    return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;
}

/* ---------------------------------------------------------------- vector versions of the float functions */

#define FV1(f) V1(float, float, f)
#define FV2(f) V2(float, float, float, f)
FV1(fabs) FV1(trunc) FV1(rint) FV1(floor) FV1(ceil) FV1(round) FV1(sqrt) FV1(rsqrt) FV1(logb)
FV1(exp) FV1(exp2) FV1(exp10) FV1(expm1) FV1(log) FV1(log2) FV1(log10) FV1(log1p) FV1(cbrt)
FV1(sin) FV1(cos) FV1(tan) FV1(sinpi) FV1(cospi) FV1(tanpi) FV1(asin) FV1(acos) FV1(atan)
FV1(asinpi) FV1(acospi) FV1(atanpi) FV1(sinh) FV1(cosh) FV1(tanh) FV1(asinh) FV1(acosh) FV1(atanh)
FV1(native_cos) FV1(native_exp) FV1(native_exp2) FV1(native_exp10) FV1(native_log) FV1(native_log2)
FV1(native_log10) FV1(native_rsqrt) FV1(native_sin) FV1(native_sqrt) FV1(native_tan) FV1(native_recip)
FV1(half_cos) FV1(half_exp) FV1(half_exp2) FV1(half_exp10) FV1(half_log) FV1(half_log2)
FV1(half_log10) FV1(half_rsqrt) FV1(half_sin) FV1(half_sqrt) FV1(half_tan) FV1(half_recip)
FV1(degrees) FV1(radians) FV1(sign) FV1(erf) FV1(erfc) FV1(lgamma) FV1(tgamma)
V1(int, float, ilogb)
V1(float, uint, nan)
FV2(copysign) FV2(fmin) FV2(fmax) FV2(fdim) FV2(maxmag) FV2(minmag) FV2(nextafter) FV2(fmod)
FV2(remainder) FV2(pow) FV2(powr) FV2(hypot) FV2(atan2) FV2(atan2pi) FV2(native_divide)
FV2(half_divide) FV2(native_powr) FV2(half_powr) FV2(max) FV2(min) FV2(step)
V2S(float, float, float, fmin) V2S(float, float, float, fmax) V2S(float, float, float, max)
V2S(float, float, float, min)
V2(float, float, int, pown) V2(float, float, int, rootn) V2(float, float, int, ldexp) V2S(float, float, int, ldexp)
V3(float, float, float, float, fma) V3(float, float, float, float, mad) V3(float, float, float, float, clamp)
V3(float, float, float, float, mix) V3(float, float, float, float, smoothstep)
V3SS(float, float, float, float, clamp)
ALL_PTR(float, float, float, modf) ALL_PTR(float, float, float, fract) ALL_PTR(float, float, int, frexp)
ALL_PTR(float, float, float, sincos) ALL_PTR(float, float, int, lgamma_r)
/* mix(x, y, scalar a), step(scalar edge, x), smoothstep(scalar, scalar, x) */
#define FLOAT_WIDTHS(M) M(2) M(3) M(4) M(8) M(16)
#define MIXS(n) OVL float##n mix(float##n x, float##n y, float a) { return x + (y - x) * a; } \
    OVL float##n step(float e, float##n x) { return step((float##n)(e), x); } \
    OVL float##n smoothstep(float a, float b, float##n x) { return smoothstep((float##n)(a), (float##n)(b), x); }
FLOAT_WIDTHS(MIXS)
/* remquo: two outputs */
#define REMQUO_AS(AS) \
    OVL float remquo(float x, float y, AS int *q) { int v; float r = remquo(x, y, &v); *q = v; return r; }
REMQUO_AS(__global) REMQUO_AS(__local)
#define REMQUO_V(n, AS) \
    OVL float##n remquo(float##n x, float##n y, AS int##n *q) { \
        float r[n]; int v[n]; \
        for (int i = 0; i < n; i++) r[i] = remquo(((float *)&x)[i], ((float *)&y)[i], &v[i]); \
        float##n out; int##n qo; \
        for (int i = 0; i < n; i++) { ((float *)&out)[i] = r[i]; ((int *)&qo)[i] = v[i]; } \
        *q = qo; return out; }
#define REMQUO_ALL(n) REMQUO_V(n, __private) REMQUO_V(n, __global) REMQUO_V(n, __local)
REMQUO_ALL(2) REMQUO_ALL(4) REMQUO_ALL(8) REMQUO_ALL(16)
OVL float3 remquo(float3 x, float3 y, __private int3 *q) { int4 v; float4 r = remquo((float4)(x, 0.0f), (float4)(y, 1.0f), &v); *q = v.xyz; return r.xyz; }
OVL float3 remquo(float3 x, float3 y, __global int3 *q) { int3 v; float3 r = remquo(x, y, &v); *q = v; return r; }
OVL float3 remquo(float3 x, float3 y, __local int3 *q) { int3 v; float3 r = remquo(x, y, &v); *q = v; return r; }

/* ---------------------------------------------------------------- geometric functions */

OVL float dot(float a, float b) { return a * b; }
OVL float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
OVL float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
OVL float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
OVL float3 cross(float3 a, float3 b) { return (float3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
OVL float4 cross(float4 a, float4 b) { return (float4)(cross(a.xyz, b.xyz), 0.0f); }
/* length without overflow or underflow in the squares: scaled by a power of two when needed */
#define LENGTH(T) \
    OVL float length(T p) { \
        float s = dot(p, p); \
        if (s < 0x1p-100f || isinf_(s)) { \
            T a = fabs(p); float m = a.x; \
            for (int i = 1; i < (int)(sizeof(T) / sizeof(float)); i++) m = fmax(m, ((float *)&a)[i]); \
            if (m == 0.0f || isinf_(m)) return m; \
            int k = ilogb(m); T q = ldexp(p, -k); return ldexp(sqrt_(dot(q, q)), k); } \
        return sqrt_(s); } \
    OVL float distance(T a, T b) { return length(a - b); } \
    OVL T normalize(T p) { \
        float l = length(p); \
        if (l == 0.0f) return p; \
        if (isinf_(l)) { T q = copysign(select((T)(0.0f), (T)(1.0f), isinf(p)), p); return q / length(q); } \
        return p / l; } \
    OVL float fast_length(T p) { return sqrt_(dot(p, p)); } \
    OVL float fast_distance(T a, T b) { return fast_length(a - b); } \
    OVL T fast_normalize(T p) { float s = dot(p, p); return s == 0.0f ? p : p * (1.0f / sqrt_(s)); }
OVL float length(float p) { return fabs_(p); }
OVL float distance(float a, float b) { return fabs_(a - b); }
OVL float normalize(float p) { return p == 0.0f ? p : isnan_(p) ? p : copysign_(1.0f, p); }
OVL float fast_length(float p) { return fabs_(p); }
OVL float fast_distance(float a, float b) { return fabs_(a - b); }
OVL float fast_normalize(float p) { return normalize(p); }

/* ---------------------------------------------------------------- relational functions */

/* Written with the vector operators, which give 1/0 for scalars and -1/0 per component for
 * vectors, as the specification's relational functions return. */
#define REL_F(R, T) \
    OVL R isequal(T a, T b) { return a == b; } \
    OVL R isnotequal(T a, T b) { return a != b; } \
    OVL R isgreater(T a, T b) { return a > b; } \
    OVL R isgreaterequal(T a, T b) { return a >= b; } \
    OVL R isless(T a, T b) { return a < b; } \
    OVL R islessequal(T a, T b) { return a <= b; } \
    OVL R islessgreater(T a, T b) { return (a < b) || (a > b); } \
    OVL R isfinite(T a) { return fabs(a) < F_INF; } \
    OVL R isinf(T a) { return fabs(a) == F_INF; } \
    OVL R isnan(T a) { return a != a; } \
    OVL R isnormal(T a) { return fabs(a) >= 0x1p-126f && fabs(a) < F_INF; } \
    OVL R isordered(T a, T b) { return (a == a) && (b == b); } \
    OVL R isunordered(T a, T b) { return (a != a) || (b != b); }
REL_F(int, float) REL_F(int2, float2) REL_F(int3, float3) REL_F(int4, float4) REL_F(int8, float8) REL_F(int16, float16)
OVL int signbit(float a) { return as_int(a) < 0; }
#define SIGNBIT_V(n) OVL int##n signbit(float##n a) { return as_int##n(a) < 0; }
FLOAT_WIDTHS(SIGNBIT_V)

/* any/all look at the most significant bit of each component */
#define ANYALL(T) \
    OVL int any(T x) { return x < 0; } OVL int all(T x) { return x < 0; } \
    OVL int any(T##2 x) { return (x.s0 | x.s1) < 0; } OVL int all(T##2 x) { return (x.s0 & x.s1) < 0; } \
    OVL int any(T##3 x) { return (x.s0 | x.s1 | x.s2) < 0; } OVL int all(T##3 x) { return (x.s0 & x.s1 & x.s2) < 0; } \
    OVL int any(T##4 x) { return (x.s0 | x.s1 | x.s2 | x.s3) < 0; } OVL int all(T##4 x) { return (x.s0 & x.s1 & x.s2 & x.s3) < 0; } \
    OVL int any(T##8 x) { return any(x.lo) | any(x.hi); } OVL int all(T##8 x) { return all(x.lo) & all(x.hi); } \
    OVL int any(T##16 x) { return any(x.lo) | any(x.hi); } OVL int all(T##16 x) { return all(x.lo) & all(x.hi); }
ANYALL(char) ANYALL(short) ANYALL(int) ANYALL(long)

/* bitselect and select on the bits: for a vector the mask is each component's sign bit spread,
 * for a scalar any non-zero c selects b */
#define SEL_INT(T, S, U, n) \
    OVL T##n bitselect(T##n a, T##n b, T##n c) { return (a & ~c) | (b & c); } \
    OVL T##n select(T##n a, T##n b, S##n c) { S##n m = c >> (S##n)(sizeof(S) * 8 - 1); return (a & ~as_##T##n(m)) | (b & as_##T##n(m)); } \
    OVL T##n select(T##n a, T##n b, U##n c) { return select(a, b, as_##S##n(c)); }
#define SEL_INT_ALL(T, S, U) SEL_INT(T, S, U, 2) SEL_INT(T, S, U, 3) SEL_INT(T, S, U, 4) SEL_INT(T, S, U, 8) SEL_INT(T, S, U, 16) \
    OVL T bitselect(T a, T b, T c) { return (a & ~c) | (b & c); } \
    OVL T select(T a, T b, S c) { return c ? b : a; } \
    OVL T select(T a, T b, U c) { return c ? b : a; }
SEL_INT_ALL(char, char, uchar) SEL_INT_ALL(uchar, char, uchar) SEL_INT_ALL(short, short, ushort) SEL_INT_ALL(ushort, short, ushort)
SEL_INT_ALL(int, int, uint) SEL_INT_ALL(uint, int, uint) SEL_INT_ALL(long, long, ulong) SEL_INT_ALL(ulong, long, ulong)
#define SEL_FLOAT(n) \
    OVL float##n bitselect(float##n a, float##n b, float##n c) { return as_float##n(bitselect(as_uint##n(a), as_uint##n(b), as_uint##n(c))); } \
    OVL float##n select(float##n a, float##n b, int##n c) { return as_float##n(select(as_uint##n(a), as_uint##n(b), c)); } \
    OVL float##n select(float##n a, float##n b, uint##n c) { return as_float##n(select(as_uint##n(a), as_uint##n(b), c)); }
FLOAT_WIDTHS(SEL_FLOAT)
OVL float bitselect(float a, float b, float c) { return as_float(bitselect(as_uint(a), as_uint(b), as_uint(c))); }
OVL float select(float a, float b, int c) { return c ? b : a; }
OVL float select(float a, float b, uint c) { return c ? b : a; }

LENGTH(float2) LENGTH(float3) LENGTH(float4)

/* ---------------------------------------------------------------- integer functions */

INL uint clz64_(ulong x) { uint h = (uint)(x >> 32); return h ? clz32_(h) : 32u + clz32_((uint)x); }
INL uint popc32_(uint x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}
/* the high half of a 64 x 64-bit product, from 32-bit pieces */
INL ulong umulhi64_(ulong a, ulong b) {
    ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
    ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    ulong mid = (p00 >> 32) + (uint)p01 + (uint)p10;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
INL long smulhi64_(long a, long b) {
    ulong h = umulhi64_((ulong)a, (ulong)b);
    if (a < 0) h -= (ulong)b;
    if (b < 0) h -= (ulong)a;
    return (long)h;
}

/* T: the type, U: its unsigned type, W: a type twice as wide (or T itself for 64 bits),
 * BITS: its width; MIN/MAX: its range */
#define INT_FUNCS(T, U, BITS, MIN, MAX, MULHI, ADDSAT, SUBSAT) \
    OVL U abs(T x) { return x < 0 ? (U)0 - (U)x : (U)x; } \
    OVL U abs_diff(T x, T y) { return x > y ? (U)x - (U)y : (U)y - (U)x; } \
    OVL T add_sat(T x, T y) { ADDSAT } \
    OVL T sub_sat(T x, T y) { SUBSAT } \
    OVL T hadd(T x, T y) { return (x >> 1) + (y >> 1) + (x & y & 1); } \
    OVL T rhadd(T x, T y) { return (x >> 1) + (y >> 1) + ((x | y) & 1); } \
    OVL T max(T x, T y) { return x > y ? x : y; } \
    OVL T min(T x, T y) { return x < y ? x : y; } \
    OVL T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); } \
    OVL T clz(T x) { return (T)(clz64_((ulong)(U)x) - (64u - BITS)); } \
    OVL T popcount(T x) { ulong v = (ulong)(U)x; return (T)(popc32_((uint)v) + popc32_((uint)(v >> 32))); } \
    OVL T mul_hi(T x, T y) { MULHI } \
    OVL T mad_hi(T a, T b, T c) { return mul_hi(a, b) + c; } \
    OVL T rotate(T v, T i) { uint s = (uint)((U)i % BITS); U u = (U)v; return s == 0 ? v : (T)((u << s) | (u >> (BITS - s))); }
/* mad_sat: a * b + c computed exactly, then saturated (for 64 bits: the saturated product plus c,
 * exact unless the product overflows and c pulls the sum back into range) */
#define MADSAT_NARROW(T, W, MIN, MAX) OVL T mad_sat(T a, T b, T c) { W s = (W)a * b + c; return s > (W)(MAX) ? (T)(MAX) : s < (W)(MIN) ? (T)(MIN) : (T)s; }
MADSAT_NARROW(char, int, CHAR_MIN, CHAR_MAX) MADSAT_NARROW(uchar, int, 0, UCHAR_MAX) MADSAT_NARROW(short, int, SHRT_MIN, SHRT_MAX)
MADSAT_NARROW(ushort, int, 0, USHRT_MAX) MADSAT_NARROW(int, long, INT_MIN, INT_MAX)
OVL uint mad_sat(uint a, uint b, uint c) { ulong s = (ulong)a * b + c; return s > UINT_MAX ? UINT_MAX : (uint)s; }
/* mul_sat_ helpers: the saturated product, used by the 64-bit mad_sat */
INLO char mul_sat_(char a, char b) { int p = a * b; return p > 127 ? 127 : p < -128 ? -128 : p; }
INLO uchar mul_sat_(uchar a, uchar b) { uint p = (uint)a * b; return p > 255u ? 255 : p; }
INLO short mul_sat_(short a, short b) { int p = a * b; return p > 32767 ? 32767 : p < -32768 ? -32768 : p; }
INLO ushort mul_sat_(ushort a, ushort b) { uint p = (uint)a * b; return p > 65535u ? 65535 : p; }
INLO int mul_sat_(int a, int b) { long p = (long)a * b; return p > INT_MAX ? INT_MAX : p < INT_MIN ? INT_MIN : (int)p; }
INLO uint mul_sat_(uint a, uint b) { ulong p = (ulong)a * b; return p > UINT_MAX ? UINT_MAX : (uint)p; }
INLO long mul_sat_(long a, long b) { long r; return __builtin_mul_overflow(a, b, &r) ? ((a < 0) != (b < 0) ? LONG_MIN : LONG_MAX) : r; }
INLO ulong mul_sat_(ulong a, ulong b) { ulong r; return __builtin_mul_overflow(a, b, &r) ? ULONG_MAX : r; }
OVL long mad_sat(long a, long b, long c) { return add_sat(mul_sat_(a, b), c); }
OVL ulong mad_sat(ulong a, ulong b, ulong c) { return add_sat(mul_sat_(a, b), c); }

#define SAT_NARROW(T, MIN, MAX) { int s = (int)x + (int)y; return s > MAX ? MAX : s < MIN ? MIN : (T)s; }
#define SATSUB_NARROW(T, MIN, MAX) { int s = (int)x - (int)y; return s > MAX ? MAX : s < MIN ? MIN : (T)s; }
INT_FUNCS(char, uchar, 8, CHAR_MIN, CHAR_MAX, return (char)((x * y) >> 8);, SAT_NARROW(char, -128, 127), SATSUB_NARROW(char, -128, 127))
INT_FUNCS(uchar, uchar, 8, 0, UCHAR_MAX, return (uchar)(((uint)x * y) >> 8);, SAT_NARROW(uchar, 0, 255), SATSUB_NARROW(uchar, 0, 255))
INT_FUNCS(short, ushort, 16, SHRT_MIN, SHRT_MAX, return (short)((x * y) >> 16);, SAT_NARROW(short, -32768, 32767), SATSUB_NARROW(short, -32768, 32767))
INT_FUNCS(ushort, ushort, 16, 0, USHRT_MAX, return (ushort)(((uint)x * y) >> 16);, SAT_NARROW(ushort, 0, 65535), SATSUB_NARROW(ushort, 0, 65535))
INT_FUNCS(int, uint, 32, INT_MIN, INT_MAX, return (int)(((long)x * y) >> 32);,
    { long s = (long)x + y; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s; },
    { long s = (long)x - y; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s; })
INT_FUNCS(uint, uint, 32, 0, UINT_MAX, return (uint)(((ulong)x * y) >> 32);,
    { uint s = x + y; return s < x ? UINT_MAX : s; },
    { return x > y ? x - y : 0u; })
INT_FUNCS(long, ulong, 64, LONG_MIN, LONG_MAX, return smulhi64_(x, y);,
    { long r; return __builtin_add_overflow(x, y, &r) ? (x < 0 ? LONG_MIN : LONG_MAX) : r; },
    { long r; return __builtin_sub_overflow(x, y, &r) ? (x < 0 ? LONG_MIN : LONG_MAX) : r; })
INT_FUNCS(ulong, ulong, 64, 0, ULONG_MAX, return umulhi64_(x, y);,
    { ulong s = x + y; return s < x ? ULONG_MAX : s; },
    { return x > y ? x - y : 0ul; })
OVL int mad24(int a, int b, int c) { return ((a << 8) >> 8) * ((b << 8) >> 8) + c; }
OVL uint mad24(uint a, uint b, uint c) { return (a & 0xffffffu) * (b & 0xffffffu) + c; }
OVL int mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
OVL uint mul24(uint a, uint b) { return (a & 0xffffffu) * (b & 0xffffffu); }
OVL short upsample(char h, uchar l) { return (short)(((ushort)(uchar)h << 8) | l); }
OVL ushort upsample(uchar h, uchar l) { return (ushort)(((ushort)h << 8) | l); }
OVL int upsample(short h, ushort l) { return (int)(((uint)(ushort)h << 16) | l); }
OVL uint upsample(ushort h, ushort l) { return ((uint)h << 16) | l; }
OVL long upsample(int h, uint l) { return (long)(((ulong)(uint)h << 32) | l); }
OVL ulong upsample(uint h, uint l) { return ((ulong)h << 32) | l; }

#define INT_VEC(T, U) \
    V1(U, T, abs) V2(U, T, T, abs_diff) V2(T, T, T, add_sat) V2(T, T, T, sub_sat) V2(T, T, T, hadd) \
    V2(T, T, T, rhadd) V2(T, T, T, max) V2(T, T, T, min) V2S(T, T, T, max) V2S(T, T, T, min) \
    V3(T, T, T, T, clamp) V3SS(T, T, T, T, clamp) V1(T, T, clz) V1(T, T, popcount) V2(T, T, T, mul_hi) \
    V3(T, T, T, T, mad_hi) V3(T, T, T, T, mad_sat) V2(T, T, T, rotate)
INT_VEC(char, uchar) INT_VEC(uchar, uchar) INT_VEC(short, ushort) INT_VEC(ushort, ushort)
INT_VEC(int, uint) INT_VEC(uint, uint) INT_VEC(long, ulong) INT_VEC(ulong, ulong)
V3(int, int, int, int, mad24) V3(uint, uint, uint, uint, mad24) V2(int, int, int, mul24) V2(uint, uint, uint, mul24)
V2(short, char, uchar, upsample) V2(ushort, uchar, uchar, upsample) V2(int, short, ushort, upsample)
V2(uint, ushort, ushort, upsample) V2(long, int, uint, upsample) V2(ulong, uint, uint, upsample)

/* ---------------------------------------------------------------- conversions */

/* Saturation of an integer held in a 64-bit type to each destination's range. */
#define SAT_FROM(D, DMIN, DMAX) \
    INL D sat_##D##_l(long x) { return x < (long)(DMIN) ? (D)(DMIN) : (DMAX) < 0x7fffffffffffffffL && x > (long)(DMAX) ? (D)(DMAX) : (D)x; } \
    INL D sat_##D##_ul(ulong x) { return x > (ulong)(DMAX) ? (D)(DMAX) : (D)x; }
SAT_FROM(char, CHAR_MIN, CHAR_MAX) SAT_FROM(uchar, 0, UCHAR_MAX) SAT_FROM(short, SHRT_MIN, SHRT_MAX)
SAT_FROM(ushort, 0, USHRT_MAX) SAT_FROM(int, INT_MIN, INT_MAX) SAT_FROM(uint, 0, UINT_MAX)
SAT_FROM(long, LONG_MIN, LONG_MAX)
INL ulong sat_ulong_l(long x) { return x < 0 ? 0ul : (ulong)x; }
INL ulong sat_ulong_ul(ulong x) { return x; }

#define ROUNDINGS(M, D, S, E) M(D, S, , E) M(D, S, _rte, E) M(D, S, _rtz, E) M(D, S, _rtp, E) M(D, S, _rtn, E)
#define CONV_ONE(D, S, SUF, E) OVL D convert_##D##SUF(S x) { return E; }
#define CONV_SAT_ONE(D, S, SUF, E) OVL D convert_##D##_sat##SUF(S x) { return E; }
/* integer from integer: every rounding mode is exact */
#define CONV_II(D, S, WS, WT) ROUNDINGS(CONV_ONE, D, S, (D)x) ROUNDINGS(CONV_SAT_ONE, D, S, sat_##D##_##WS((WT)x))
#define CONV_II_TO(D) \
    CONV_II(D, char, l, long) CONV_II(D, uchar, ul, ulong) CONV_II(D, short, l, long) CONV_II(D, ushort, ul, ulong) \
    CONV_II(D, int, l, long) CONV_II(D, uint, ul, ulong) CONV_II(D, long, l, long) CONV_II(D, ulong, ul, ulong)
CONV_II_TO(char) CONV_II_TO(uchar) CONV_II_TO(short) CONV_II_TO(ushort)
CONV_II_TO(int) CONV_II_TO(uint) CONV_II_TO(long) CONV_II_TO(ulong)

/* integer from float: round to an integral float first (exact), then convert; _sat clamps and
 * takes NaN to 0 (OpenCL 1.2 section 6.2.3.3) */
#define CONV_IF(D, DMIN_F, DMAXP1_F, DMIN, DMAX) \
    INL D satf_##D(float r) { if (isnan_(r)) return (D)0; if (r <= (DMIN_F)) return (D)(DMIN); if (r >= (DMAXP1_F)) return (D)(DMAX); return (D)r; } \
    OVL D convert_##D(float x) { return (D)x; } \
    OVL D convert_##D##_rtz(float x) { return (D)x; } \
    OVL D convert_##D##_rte(float x) { return (D)rint_(x); } \
    OVL D convert_##D##_rtp(float x) { return (D)ceil_(x); } \
    OVL D convert_##D##_rtn(float x) { return (D)floor_(x); } \
    OVL D convert_##D##_sat(float x) { return satf_##D(trunc_(x)); } \
    OVL D convert_##D##_sat_rtz(float x) { return satf_##D(trunc_(x)); } \
    OVL D convert_##D##_sat_rte(float x) { return satf_##D(rint_(x)); } \
    OVL D convert_##D##_sat_rtp(float x) { return satf_##D(ceil_(x)); } \
    OVL D convert_##D##_sat_rtn(float x) { return satf_##D(floor_(x)); }
CONV_IF(char, -128.0f, 128.0f, CHAR_MIN, CHAR_MAX) CONV_IF(uchar, 0.0f, 256.0f, 0, UCHAR_MAX)
CONV_IF(short, -32768.0f, 32768.0f, SHRT_MIN, SHRT_MAX) CONV_IF(ushort, 0.0f, 65536.0f, 0, USHRT_MAX)
CONV_IF(int, -0x1p31f, 0x1p31f, INT_MIN, INT_MAX) CONV_IF(uint, 0.0f, 0x1p32f, 0, UINT_MAX)
CONV_IF(long, -0x1p63f, 0x1p63f, LONG_MIN, LONG_MAX) CONV_IF(ulong, 0.0f, 0x1p64f, 0, ULONG_MAX)

/* float from integer: round to nearest even is the conversion's own; the directed modes use the
 * instruction's static rounding mode (32-bit sources) or correct the nearest result (64-bit) */
INL float next_up_(float f) { return nextafter(f, F_INF); }
INL float next_down_(float f) { return nextafter(f, -F_INF); }
#define CONV_F_SMALL(S) \
    OVL float convert_float(S x) { return (float)x; } OVL float convert_float_rte(S x) { return (float)x; } \
    OVL float convert_float_rtz(S x) { return (float)x; } OVL float convert_float_rtp(S x) { return (float)x; } \
    OVL float convert_float_rtn(S x) { return (float)x; }
CONV_F_SMALL(char) CONV_F_SMALL(uchar) CONV_F_SMALL(short) CONV_F_SMALL(ushort)
#define CONV_F_32(S, OP) \
    OVL float convert_float(S x) { return (float)x; } OVL float convert_float_rte(S x) { return (float)x; } \
    OVL float convert_float_rtz(S x) { float r; __asm__(OP " %0, %1, rtz" : "=f"(r) : "r"(x)); return r; } \
    OVL float convert_float_rtp(S x) { float r; __asm__(OP " %0, %1, rup" : "=f"(r) : "r"(x)); return r; } \
    OVL float convert_float_rtn(S x) { float r; __asm__(OP " %0, %1, rdn" : "=f"(r) : "r"(x)); return r; }
CONV_F_32(int, "fcvt.s.w") CONV_F_32(uint, "fcvt.s.wu")
/* sign of (f - x) for an integral float f and a 64-bit x, without overflow */
INL int cmp_l_(float f, long x) { if (f >= 0x1p63f) return 1; if (f < -0x1p63f) return -1; long v = (long)f; return v > x ? 1 : v < x ? -1 : 0; }
INL int cmp_ul_(float f, ulong x) { if (f >= 0x1p64f) return 1; ulong v = (ulong)f; return v > x ? 1 : v < x ? -1 : 0; }
#define CONV_F_64(S, CMP) \
    OVL float convert_float(S x) { return (float)x; } OVL float convert_float_rte(S x) { return (float)x; } \
    OVL float convert_float_rtz(S x) { float f = (float)x; int c = CMP(f, x); return (c > 0 && f > 0.0f) ? next_down_(f) : (c < 0 && f < 0.0f) ? next_up_(f) : f; } \
    OVL float convert_float_rtp(S x) { float f = (float)x; return CMP(f, x) < 0 ? next_up_(f) : f; } \
    OVL float convert_float_rtn(S x) { float f = (float)x; return CMP(f, x) > 0 ? next_down_(f) : f; }
CONV_F_64(long, cmp_l_) CONV_F_64(ulong, cmp_ul_)
OVL float convert_float(float x) { return x; } OVL float convert_float_rte(float x) { return x; }
OVL float convert_float_rtz(float x) { return x; } OVL float convert_float_rtp(float x) { return x; }
OVL float convert_float_rtn(float x) { return x; }

/* vector conversions, component by component */
#define CONV_V(D, S, SUF) \
    OVL D##2 convert_##D##2##SUF(S##2 x) { return (D##2)(convert_##D##SUF(x.s0), convert_##D##SUF(x.s1)); } \
    OVL D##3 convert_##D##3##SUF(S##3 x) { return (D##3)(convert_##D##SUF(x.s0), convert_##D##SUF(x.s1), convert_##D##SUF(x.s2)); } \
    OVL D##4 convert_##D##4##SUF(S##4 x) { return (D##4)(convert_##D##SUF(x.s0), convert_##D##SUF(x.s1), convert_##D##SUF(x.s2), convert_##D##SUF(x.s3)); } \
    OVL D##8 convert_##D##8##SUF(S##8 x) { return (D##8)(convert_##D##4##SUF(x.lo), convert_##D##4##SUF(x.hi)); } \
    OVL D##16 convert_##D##16##SUF(S##16 x) { return (D##16)(convert_##D##8##SUF(x.lo), convert_##D##8##SUF(x.hi)); }
#define CONV_V_ROUND(D, S) CONV_V(D, S, ) CONV_V(D, S, _rte) CONV_V(D, S, _rtz) CONV_V(D, S, _rtp) CONV_V(D, S, _rtn)
#define CONV_V_SAT(D, S) CONV_V(D, S, _sat) CONV_V(D, S, _sat_rte) CONV_V(D, S, _sat_rtz) CONV_V(D, S, _sat_rtp) CONV_V(D, S, _sat_rtn)
#define CONV_V_INT_D(D, S) CONV_V_ROUND(D, S) CONV_V_SAT(D, S)
#define CONV_V_FROM(S) \
    CONV_V_INT_D(char, S) CONV_V_INT_D(uchar, S) CONV_V_INT_D(short, S) CONV_V_INT_D(ushort, S) \
    CONV_V_INT_D(int, S) CONV_V_INT_D(uint, S) CONV_V_INT_D(long, S) CONV_V_INT_D(ulong, S) CONV_V_ROUND(float, S)
CONV_V_FROM(char) CONV_V_FROM(uchar) CONV_V_FROM(short) CONV_V_FROM(ushort) CONV_V_FROM(int)
CONV_V_FROM(uint) CONV_V_FROM(long) CONV_V_FROM(ulong) CONV_V_FROM(float)

/* ---------------------------------------------------------------- vload / vstore */

#define VLOAD(T, n, AS) \
    OVL T##n vload##n(size_t o, const AS T *p) { const AS T *q = p + o * n; T##n v; for (int i = 0; i < n; i++) ((__private T *)&v)[i] = q[i]; return v; }
#define VSTORE(T, n, AS) \
    OVL void vstore##n(T##n d, size_t o, AS T *p) { AS T *q = p + o * n; for (int i = 0; i < n; i++) q[i] = ((__private T *)&d)[i]; }
#define VLS_N(T, n) VLOAD(T, n, __global) VLOAD(T, n, __local) VLOAD(T, n, __constant) VLOAD(T, n, __private) \
    VSTORE(T, n, __global) VSTORE(T, n, __local) VSTORE(T, n, __private)
#define VLS(T) VLS_N(T, 2) VLS_N(T, 3) VLS_N(T, 4) VLS_N(T, 8) VLS_N(T, 16)
VLS(char) VLS(uchar) VLS(short) VLS(ushort) VLS(int) VLS(uint) VLS(long) VLS(ulong) VLS(float)

/* ---------------------------------------------------------------- vload_half / vstore_half */

/* half (IEEE 754 binary16, the storage format) to float: exact */
INL float half_to_float(ushort h) {
    uint s = (uint)(h & 0x8000u) << 16;
    uint e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1fu) return as_float(s | 0x7f800000u | (m << 13));       /* inf, NaN (payload kept) */
    if (e == 0) return as_float(s | fbits((float)m * 0x1p-24f));       /* zero, subnormal: m 2^-24 */
    return as_float(s | ((e + 112u) << 23) | (m << 13));
}
/* The rounding modes of vstore_half*: _rte (the default), _rtz, _rtp, _rtn. */
#define HALF_RTE 0
#define HALF_RTZ 1
#define HALF_RTP 2
#define HALF_RTN 3
/* float to half in rounding mode `mode`, rounded once: the float's significand is shifted right to
 * the half's quantum (2^(e-10), or 2^-24 below the normal range) and rounded by its remainder. */
INL ushort float_to_half(float f, int mode) {
    uint b = fbits(f);
    ushort s = (ushort)((b >> 16) & 0x8000u);
    uint a = b & 0x7fffffffu;
    if (a > 0x7f800000u) return s | 0x7e00u | (ushort)((a >> 13) & 0x3ffu); /* NaN stays NaN (quiet) */
    if (a == 0x7f800000u) return s | 0x7c00u;
    int away = (mode == HALF_RTP && !s) || (mode == HALF_RTN && s);   /* round the magnitude up */
    int e = (int)(a >> 23) - 127;
    uint m = (a & 0x007fffffu) | 0x00800000u;
    if (a < 0x00800000u) { e = -126; m = a; }                       /* a float subnormal */
    int d = 13 + (e < -14 ? -14 - e : 0);                            /* bits below the half's quantum */
    if (d > 26) d = 26;                                              /* all of m is below half a quantum */
    uint q = m >> d, rem = m & ((1u << d) - 1u), halfway = 1u << (d - 1);
    if (mode == HALF_RTE ? rem > halfway || (rem == halfway && (q & 1u)) : away && rem != 0) q++;
    uint h = e < -14 ? q : ((uint)(e + 14) << 10) + q;               /* q carries into the exponent */
    if (h >= 0x7c00u) h = mode == HALF_RTE || away ? 0x7c00u : 0x7bffu; /* overflow: inf or the largest */
    return s | (ushort)h;
}

#define VLOAD_HALF_AS(AS) \
    OVL float vload_half(size_t o, const AS half *p) { return half_to_float(((const AS ushort *)p)[o]); } \
    VLOAD_HALF_N(2, 2, AS) VLOAD_HALF_N(3, 3, AS) VLOAD_HALF_N(4, 4, AS) VLOAD_HALF_N(8, 8, AS) VLOAD_HALF_N(16, 16, AS) \
    VLOADA_HALF_N(2, 2, AS) VLOADA_HALF_N(3, 4, AS) VLOADA_HALF_N(4, 4, AS) VLOADA_HALF_N(8, 8, AS) VLOADA_HALF_N(16, 16, AS)
/* n components from p + o * stride (vloada_half3 reads a half4's place: stride 4) */
#define VLOAD_HALF_BODY(n, stride, AS) { \
        const AS ushort *q = (const AS ushort *)p + o * stride; float##n v; \
        for (int i = 0; i < n; i++) ((__private float *)&v)[i] = half_to_float(q[i]); return v; }
#define VLOAD_HALF_N(n, stride, AS) OVL float##n vload_half##n(size_t o, const AS half *p) VLOAD_HALF_BODY(n, stride, AS)
#define VLOADA_HALF_N(n, stride, AS) OVL float##n vloada_half##n(size_t o, const AS half *p) VLOAD_HALF_BODY(n, stride, AS)
VLOAD_HALF_AS(__global) VLOAD_HALF_AS(__local) VLOAD_HALF_AS(__constant) VLOAD_HALF_AS(__private)

#define VSTORE_HALF_BODY(n, stride, AS, mode) { \
        AS ushort *q = (AS ushort *)p + o * stride; \
        for (int i = 0; i < n; i++) q[i] = float_to_half(((__private float *)&d)[i], mode); }
#define VSTORE_HALF_R(R, mode, AS) \
    OVL void vstore_half##R(float d, size_t o, AS half *p) { ((AS ushort *)p)[o] = float_to_half(d, mode); } \
    VSTORE_HALF_N(2, 2, R, mode, AS) VSTORE_HALF_N(3, 3, R, mode, AS) VSTORE_HALF_N(4, 4, R, mode, AS) \
    VSTORE_HALF_N(8, 8, R, mode, AS) VSTORE_HALF_N(16, 16, R, mode, AS) \
    VSTOREA_HALF_N(2, 2, R, mode, AS) VSTOREA_HALF_N(3, 4, R, mode, AS) VSTOREA_HALF_N(4, 4, R, mode, AS) \
    VSTOREA_HALF_N(8, 8, R, mode, AS) VSTOREA_HALF_N(16, 16, R, mode, AS)
#define VSTORE_HALF_N(n, stride, R, mode, AS) \
    OVL void vstore_half##n##R(float##n d, size_t o, AS half *p) VSTORE_HALF_BODY(n, stride, AS, mode)
#define VSTOREA_HALF_N(n, stride, R, mode, AS) \
    OVL void vstorea_half##n##R(float##n d, size_t o, AS half *p) VSTORE_HALF_BODY(n, stride, AS, mode)
#define VSTORE_HALF_AS(AS) VSTORE_HALF_R(, HALF_RTE, AS) VSTORE_HALF_R(_rte, HALF_RTE, AS) \
    VSTORE_HALF_R(_rtz, HALF_RTZ, AS) VSTORE_HALF_R(_rtp, HALF_RTP, AS) VSTORE_HALF_R(_rtn, HALF_RTN, AS)
VSTORE_HALF_AS(__global) VSTORE_HALF_AS(__local) VSTORE_HALF_AS(__private)

/* ---------------------------------------------------------------- async copies */

/* Every work-item of the group copies its share (strided by the group's size), so the copy is done
 * when the call returns; wait_group_events is then the barrier the specification asks all
 * work-items to reach. */
#define ASYNC(T) \
    OVL event_t async_work_group_copy(__local T *d, const __global T *s, size_t n, event_t e) { \
        size_t l = get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)); \
        size_t sz = get_local_size(0) * get_local_size(1) * get_local_size(2); \
        for (size_t i = l; i < n; i += sz) d[i] = s[i]; return e; } \
    OVL event_t async_work_group_copy(__global T *d, const __local T *s, size_t n, event_t e) { \
        size_t l = get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)); \
        size_t sz = get_local_size(0) * get_local_size(1) * get_local_size(2); \
        for (size_t i = l; i < n; i += sz) d[i] = s[i]; return e; }
#define ASYNC_ALL(T) ASYNC(T) ASYNC(T##2) ASYNC(T##3) ASYNC(T##4) ASYNC(T##8) ASYNC(T##16)
ASYNC_ALL(char) ASYNC_ALL(uchar) ASYNC_ALL(short) ASYNC_ALL(ushort) ASYNC_ALL(int) ASYNC_ALL(uint)
ASYNC_ALL(long) ASYNC_ALL(ulong) ASYNC_ALL(float)
OVL void wait_group_events(int n, __private event_t *events) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); }
#define PREFETCH(T) OVL void prefetch(const __global T *p, size_t n) { }
PREFETCH(char) PREFETCH(uchar) PREFETCH(short) PREFETCH(ushort) PREFETCH(int) PREFETCH(uint)
PREFETCH(long) PREFETCH(ulong) PREFETCH(float) PREFETCH(float2) PREFETCH(float4) PREFETCH(int4)
