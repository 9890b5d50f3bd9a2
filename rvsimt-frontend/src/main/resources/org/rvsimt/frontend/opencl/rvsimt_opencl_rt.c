/* rvsimt OpenCL device runtime, in C: what OpenCL C code needs that is not an OpenCL built-in.
 *
 *  - printf: OpenCL's printf (section 6.12.13) passes a float as a float (no promotion to double),
 *    a `long` as 64 bits and a vector as its bytes (at most 8) or by address; rvsimt's host-side
 *    printf (ecall 1000, the one rvsimt.h's printf uses) reads a C va_list. This rewrites the
 *    format and the arguments into that form: floats widened to double, %ld to %lld, %vNx
 *    expanded to N comma-separated conversions.
 *  - the compiler's helper functions for 64-bit integers on RV32 (division, float conversions)
 *    and memcpy/memset/memmove, which clang emits for copies of large private arrays.
 * Compiled with -ffreestanding -fno-builtin (OpenClDeviceLibrary). */

typedef __builtin_va_list va_list;
typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

/* ---------------------------------------------------------------- memory */

void *memcpy(void *d, const void *s, unsigned n) {
    unsigned char *dp = d;
    const unsigned char *sp = s;
    while (n--) *dp++ = *sp++;
    return d;
}
void *memmove(void *d, const void *s, unsigned n) {
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if (dp < sp) { while (n--) *dp++ = *sp++; }
    else { dp += n; sp += n; while (n--) *--dp = *--sp; }
    return d;
}
void *memset(void *d, int c, unsigned n) {
    unsigned char *dp = d;
    while (n--) *dp++ = (unsigned char)c;
    return d;
}

/* ---------------------------------------------------------------- 64-bit integer helpers */

static unsigned clz64(u64 x) {
    unsigned n = 0;
    if (x == 0) return 64;
    while (!(x >> 63)) { x <<= 1; n++; }
    return n;
}
u64 __udivmoddi4(u64 a, u64 b, u64 *rem) {
    if (b == 0) { if (rem) *rem = a; return ~0ull; } /* division by zero: undefined in C, no trap here */
    u64 q = 0, r = 0;
    if (a < b) { if (rem) *rem = a; return 0; }
    int bits = 64 - (int)clz64(a);
    for (int i = bits - 1; i >= 0; i--) {
        r = (r << 1) | ((a >> i) & 1u);
        if (r >= b) { r -= b; q |= 1ull << i; }
    }
    if (rem) *rem = r;
    return q;
}
u64 __udivdi3(u64 a, u64 b) { return __udivmoddi4(a, b, 0); }
u64 __umoddi3(u64 a, u64 b) { u64 r; __udivmoddi4(a, b, &r); return r; }
i64 __divdi3(i64 a, i64 b) {
    int neg = (a < 0) != (b < 0);
    u64 q = __udivmoddi4(a < 0 ? 0 - (u64)a : (u64)a, b < 0 ? 0 - (u64)b : (u64)b, 0);
    return neg ? (i64)(0 - q) : (i64)q;
}
i64 __moddi3(i64 a, i64 b) {
    u64 r;
    __udivmoddi4(a < 0 ? 0 - (u64)a : (u64)a, b < 0 ? 0 - (u64)b : (u64)b, &r);
    return a < 0 ? (i64)(0 - r) : (i64)r;
}

static u32 fbits(float f) { u32 u; __builtin_memcpy(&u, &f, 4); return u; }
static float bitsf(u32 u) { float f; __builtin_memcpy(&f, &u, 4); return f; }

/* float -> 64-bit integer, truncating (out of range: the nearest limit) */
static u64 fix_mag(float f, int *neg) {
    u32 b = fbits(f);
    *neg = (int)(b >> 31);
    int e = (int)((b >> 23) & 0xff) - 127;
    if (e < 0) return 0;
    if (e >= 64) return ~0ull;
    u64 m = (b & 0x7fffffu) | 0x800000u;
    return e >= 23 ? m << (e - 23) : m >> (23 - e);
}
i64 __fixsfdi(float f) {
    int neg;
    if ((fbits(f) & 0x7fffffffu) > 0x7f800000u) return 0;
    u64 m = fix_mag(f, &neg);
    if (neg) return m > (1ull << 63) ? (i64)(1ull << 63) : (i64)(0 - m);
    return m > 0x7fffffffffffffffull ? 0x7fffffffffffffffll : (i64)m;
}
u64 __fixunssfdi(float f) {
    int neg;
    if ((fbits(f) & 0x7fffffffu) > 0x7f800000u) return 0;
    u64 m = fix_mag(f, &neg);
    return neg ? 0 : m;
}
/* 64-bit integer -> float, rounded to nearest even: the magnitude is cut to its top 32 bits with a
 * sticky bit for what was cut (so the 32-bit conversion rounds as the full value would), and the
 * result scaled back exactly. */
static float float_of_mag(u64 m) {
    unsigned n = 64 - clz64(m);
    if (n <= 32) return (float)(u32)m;
    unsigned s = n - 32;
    u32 top = (u32)(m >> s) | ((m & ((1ull << s) - 1)) != 0);
    float f = (float)top;
    return f * bitsf((127u + s) << 23);
}
float __floatundisf(u64 m) { return float_of_mag(m); }
float __floatdisf(i64 v) { return v < 0 ? -float_of_mag(0 - (u64)v) : float_of_mag((u64)v); }

/* ---------------------------------------------------------------- printf */

#define OUT_FMT 1024
#define OUT_WORDS 128

/* the binary64 bits of a binary32 value, with integer code (there is no double arithmetic) */
static u64 double_bits(u32 f) {
    u64 sign = (u64)(f >> 31) << 63;
    u32 e = (f >> 23) & 0xff, m = f & 0x7fffffu;
    if (e == 0xff) return sign | 0x7ff0000000000000ull | ((u64)m << 29);
    if (e == 0) {
        if (m == 0) return sign;
        int k = 0;
        while (!(m & 0x800000u)) { m <<= 1; k++; }
        m &= 0x7fffffu;
        return sign | ((u64)(1023 - 126 - k) << 52) | ((u64)m << 29);
    }
    return sign | ((u64)(e - 127 + 1023) << 52) | ((u64)m << 29);
}

struct out {
    char fmt[OUT_FMT];
    unsigned nf;
    u32 *w;
    unsigned nw;
    int overflow;
};
static void put_c(struct out *o, char c) { if (o->nf < OUT_FMT - 1) o->fmt[o->nf++] = c; else o->overflow = 1; }
static void put_s(struct out *o, const char *s, unsigned n) { for (unsigned i = 0; i < n; i++) put_c(o, s[i]); }
static void put_w(struct out *o, u32 v) { if (o->nw < OUT_WORDS) o->w[o->nw++] = v; else o->overflow = 1; }
static void put_d(struct out *o, u64 v) {
    if (o->nw & 1) put_w(o, 0);
    put_w(o, (u32)v);
    put_w(o, (u32)(v >> 32));
}

static int is_float_conv(char c) {
    return c == 'f' || c == 'F' || c == 'e' || c == 'E' || c == 'g' || c == 'G' || c == 'a' || c == 'A';
}

/* One element of a conversion: the format piece [spec, spec + n) without its length, then the
 * length C wants and the conversion, and the argument's words. */
static void emit(struct out *o, const char *spec, unsigned n, char conv, int len, u64 bits) {
    put_c(o, '%');
    put_s(o, spec, n);
    if (is_float_conv(conv)) {
        put_c(o, conv);
        put_d(o, double_bits((u32)bits));
        return;
    }
    if (conv == 'd' || conv == 'i' || conv == 'o' || conv == 'u' || conv == 'x' || conv == 'X') {
        if (len == 1) put_s(o, "hh", 2);
        else if (len == 2) put_s(o, "h", 1);
        else if (len == 8) put_s(o, "ll", 2);
        put_c(o, conv);
        if (len == 8) put_d(o, bits); else put_w(o, (u32)bits);
        return;
    }
    put_c(o, conv);
    put_w(o, (u32)bits);
}

static int rv_vprintf(const char *fmt, u32 *args) {
    register const char *a0 __asm__("a0") = fmt;
    register u32 *a1 __asm__("a1") = args;
    register int a7 __asm__("a7") = 1000;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a7) : "memory");
    return (int)(u32)a0;
}

int printf(const char *fmt, ...) {
    u64 words[OUT_WORDS / 2]; /* 8-byte aligned, as the va_list's double slots must be */
    struct out o;
    o.nf = 0;
    o.w = (u32 *)words;
    o.nw = 0;
    o.overflow = 0;
    va_list ap;
    __builtin_va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') { put_c(&o, *p); continue; }
        if (p[1] == '%') { put_s(&o, "%%", 2); p++; continue; }
        const char *spec = ++p;
        while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0') p++;
        if (*p == '*') { put_w(&o, 0); p++; } /* OpenCL has no '*'; keep the arguments in step */
        while (*p >= '0' && *p <= '9') p++;
        if (*p == '.') { p++; while (*p >= '0' && *p <= '9') p++; }
        unsigned specLen = (unsigned)(p - spec);
        int vec = 0;
        if (*p == 'v') {
            p++;
            while (*p >= '0' && *p <= '9') { vec = vec * 10 + (*p - '0'); p++; }
        }
        int len = 0; /* element size for vectors, 1/2/8 for hh/h/l on scalars, 0 none */
        if (p[0] == 'h' && p[1] == 'h') { len = 1; p += 2; }
        else if (p[0] == 'h' && p[1] == 'l') { len = 4; p += 2; }
        else if (p[0] == 'h') { len = 2; p++; }
        else if (p[0] == 'l') { len = 8; p++; }
        char conv = *p;
        if (!conv) break;
        if (vec == 0) {
            u64 bits;
            if (len == 8 && !is_float_conv(conv)) bits = __builtin_va_arg(ap, u64);
            else bits = __builtin_va_arg(ap, u32);
            emit(&o, spec, specLen, conv, len, bits);
            continue;
        }
        int esize = len == 0 ? 4 : len;
        int count = vec == 3 ? 4 : vec;
        int total = esize * count;
        u64 small = 0;
        const unsigned char *bytes;
        if (total <= 4) { small = __builtin_va_arg(ap, u32); bytes = (const unsigned char *)&small; }
        else if (total <= 8) { small = __builtin_va_arg(ap, u64); bytes = (const unsigned char *)&small; }
        else bytes = (const unsigned char *)__builtin_va_arg(ap, void *);
        for (int i = 0; i < vec; i++) {
            u64 v = 0;
            for (int b = 0; b < esize; b++) v |= (u64)bytes[i * esize + b] << (8 * b);
            /* sign-extend signed elements so %d prints negative values */
            if ((conv == 'd' || conv == 'i') && esize < 8 && (v >> (8 * esize - 1)) & 1) v |= ~0ull << (8 * esize);
            if (i > 0) put_c(&o, ',');
            emit(&o, spec, specLen, conv, esize == 4 ? 0 : esize, v);
        }
    }
    __builtin_va_end(ap);
    o.fmt[o.nf] = 0;
    int n = rv_vprintf(o.fmt, o.w);
    return n < 0 || o.overflow ? -1 : 0;
}
