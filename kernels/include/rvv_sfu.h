/* rvv_sfu.h: elementwise SFU functions on RVV vectors, for the *_rvv kernels.
 *
 * rvsimt's SFU has vector forms (docs/vector.md, "SFU functions on vectors"): vfexp.v vd, vs2 applies
 * fexp.s to each of the vl elements, vfsigmoid.v fsigmoid.s, and so on; each result is exactly the
 * scalar instruction's, so the error bound is the scalar kernel's. No assembler knows the mnemonics
 * (they are rvsimt's own), so they are written with .insn: OP-V (0x57), funct3 001 (OPFVV), funct7
 * 0100011 (funct6 010001, unmasked), rs1 = the function (the scalar form's rs2 number: x0 = exp,
 * x5 = sigmoid). The asm sets vl and vtype itself and tells the compiler it did. */
#ifndef RVV_SFU_H
#define RVV_SFU_H
#include <riscv_vector.h>
#include "rvsimt.h"

#define RVV_SFU_MAP(name, select, lmul, type)                                                   \
    static inline type name(type v, size_t vl) {                                                \
        type r;                                                                                 \
        __asm__("vsetvli zero, %2, e32, " #lmul ", ta, ma\n\t"                                  \
                ".insn r 0x57, 1, 0x23, %0, " #select ", %1"                                    \
                : "=vr"(r) : "vr"(v), "r"(vl) : "vl", "vtype");                                 \
        return r;                                                                               \
    }

RVV_SFU_MAP(rvv_expf, x0, m1, vfloat32m1_t)
RVV_SFU_MAP(rvv_sigmoidf, x5, m1, vfloat32m1_t)
RVV_SFU_MAP(rvv_expf_m8, x0, m8, vfloat32m8_t)
RVV_SFU_MAP(rvv_sigmoidf_m8, x5, m8, vfloat32m8_t)

#endif
