# Dev tool for the conformance .S files: expands the case shorthands, numbers the cases
# ("CASE;" -> "li gp, N;") and appends the common pass/fail tail (with 40 or more cases the
# fail block goes in the middle, so every branch to it stays within +-4 KiB).
# Usage (from this folder): python3 number.py rv32m.in ../rv32m.S
# Shorthands (one case per line, operands are bit patterns; rm "-" = none):
#   F2 op rm a b r flags      fa0 = op(fa1=a, fa2=b); check fa0 bits and fflags
#   F1 op rm a r flags        fa0 = op(fa1=a)
#   F3 op rm a b c r flags    fa0 = op(fa1=a, fa2=b, fa3=c)
#   FX2 op a b r flags        a0 = op(fa1=a, fa2=b)
#   FX1 op rm a r flags       a0 = op(fa1=a)
#   XF1 op rm x r flags       fa0 = op(t1=x)
#   L1 op a old r             fa0 = old; fa0 = op(fa1=a); check fa0 bits and no flags
import sys, re
n = [0]

def rmtxt(rm):
    return "" if rm == "-" else ", " + rm

def expand(line):
    parts = line.split()
    if not parts:
        return line
    k = parts[0]
    chk = lambda r, fl: "li t2, %s; bne a0, t2, fail; li t2, %s; bne a1, t2, fail" % (r, fl)
    if k == "F2":
        _, op, rm, a, b, r, fl = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; li t0, %s; fmv.w.x fa2, t0; %s fa0, fa1, fa2%s; "
                "fmv.x.w a0, fa0; fsflags a1, zero; %s" % (a, b, op, rmtxt(rm), chk(r, fl)))
    if k == "F1":
        _, op, rm, a, r, fl = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; %s fa0, fa1%s; "
                "fmv.x.w a0, fa0; fsflags a1, zero; %s" % (a, op, rmtxt(rm), chk(r, fl)))
    if k == "F3":
        _, op, rm, a, b, c, r, fl = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; li t0, %s; fmv.w.x fa2, t0; li t0, %s; fmv.w.x fa3, t0; "
                "%s fa0, fa1, fa2, fa3%s; fmv.x.w a0, fa0; fsflags a1, zero; %s" % (a, b, c, op, rmtxt(rm), chk(r, fl)))
    if k == "FX2":
        _, op, a, b, r, fl = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; li t0, %s; fmv.w.x fa2, t0; %s a0, fa1, fa2; "
                "fsflags a1, zero; %s" % (a, b, op, chk(r, fl)))
    if k == "FX1":
        _, op, rm, a, r, fl = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; %s a0, fa1%s; fsflags a1, zero; %s"
                % (a, op, rmtxt(rm), chk(r, fl)))
    if k == "XF1":
        _, op, rm, x, r, fl = parts
        return ("    CASE; fsflags zero; li t1, %s; %s fa0, t1%s; fmv.x.w a0, fa0; fsflags a1, zero; %s"
                % (x, op, rmtxt(rm), chk(r, fl)))
    # custom ops (no flags): L1 op A OLD R  -> fa0 = OLD; op fa0, fa1 (fa1 = A); a0 = fa0
    if k == "L1":
        _, op, a, old, r = parts
        return ("    CASE; fsflags zero; li t0, %s; fmv.w.x fa1, t0; li t0, %s; fmv.w.x fa0, t0; %s fa0, fa1; "
                "fmv.x.w a0, fa0; fsflags a1, zero; %s" % (a, old, op, chk(r, "0")))
    return line

src = open(sys.argv[1]).read()
src = "\n".join(expand(l) for l in src.split("\n"))
def rep(m):
    n[0] += 1
    return "li gp, %d;" % n[0]
out = re.sub(r"CASE;", rep, src)
tail = """
    j pass
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
pass:
    li a0, 0
    li a7, 93
    ecall
"""
failblock = """    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall"""
if n[0] >= 40:
    # keep every "bne ..., fail" within the +-4 KiB branch range: the fail block sits in the middle
    mid = "    li gp, %d;" % ((n[0] + 1) // 2)
    lines = out.split("\n")
    i = next(k for k, l in enumerate(lines) if l.startswith(mid))
    lines[i:i] = ["# the fail block is here, in the middle, so that every branch to it is in range",
                  "    j 1f", "fail:"] + failblock.split("\n") + ["1:"]
    out = "\n".join(lines)
    tail = tail.replace("fail:\n" + failblock + "\n", "")
out = out.replace("@TAIL@", tail.strip("\n"))
open(sys.argv[2], "w").write(out)
print(sys.argv[2], n[0], "cases", file=sys.stderr)
if n[0] > 127:
    print("WARNING: more than 127 cases; qemu exit status is 8 bits", file=sys.stderr)
