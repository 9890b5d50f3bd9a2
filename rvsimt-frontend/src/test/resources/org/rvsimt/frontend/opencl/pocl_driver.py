#!/usr/bin/python3
"""Runs the OpenCL programs of kernels/opencl on POCL's CPU device (through PyOpenCL) and compares
their outputs with the ones rvsimt wrote: the differential half of OpenClProgramsTest.

usage: pocl_driver.py PROGRAMS_DIR RVSIMT_OUTPUT_DIR NAME...

Each NAME is a folder of PROGRAMS_DIR holding program.json (buffers, launches, outputs; see
kernels/opencl/README.md) and the .cl source; RVSIMT_OUTPUT_DIR/NAME/BUFFER.bin holds rvsimt's
bytes of each output buffer. Prints one line per program (PASS or FAIL with the first difference)
and exits 0 when all agree, 1 when one does not, 2 when POCL is not available.
"""
import json
import os
import sys

import numpy as np
import pyopencl as cl

TYPES = {"float": np.float32, "int": np.int32, "uint": np.uint32, "uchar": np.uint8, "char": np.int8,
         "short": np.int16, "ushort": np.uint16}


def initial(spec):
    """The buffer's first contents, by the rule both drivers implement (kernels/opencl/README.md)."""
    t = TYPES[spec["type"]]
    n = spec["count"]
    rule = spec.get("init", "zero")
    if rule == "zero":
        return np.zeros(n, t)
    if "values" in rule:
        return np.array(rule["values"], dtype=t)
    state = rule["lcg"]
    lo, hi = rule["min"], rule["max"]
    span = hi - lo + 1
    raw = np.empty(n, np.int64)
    for k in range(n):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        raw[k] = lo + (state >> 4) % span
    if t == np.float32:
        vals = raw.astype(np.float32)
        if "scale" in rule:
            vals = vals / np.float32(rule["scale"])
        if "diagonal" in rule:
            m = rule["n"]
            vals[:: m + 1] += np.float32(rule["diagonal"])
        return vals
    return raw.astype(t)


def pocl_device():
    for p in cl.get_platforms():
        if "Portable Computing Language" in p.name:
            return p.get_devices()[0]
    return None


def run(dev, folder):
    spec = json.load(open(os.path.join(folder, "program.json")))
    src = open(os.path.join(folder, spec["source"])).read()
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, src).build(options=spec.get("buildOptions", ""))
    host = {name: initial(b) for name, b in spec["buffers"].items()}
    mf = cl.mem_flags
    bufs = {name: cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a) for name, a in host.items()}
    kernels = {}
    event = None
    for launch in spec["launches"]:
        k = kernels.setdefault(launch["kernel"], cl.Kernel(prg, launch["kernel"]))
        for i, a in enumerate(launch["args"]):
            if "buffer" in a:
                k.set_arg(i, bufs[a["buffer"]])
            elif "int" in a:
                k.set_arg(i, np.int32(a["int"]))
            elif "uint" in a:
                k.set_arg(i, np.uint32(a["uint"]))
            elif "float" in a:
                k.set_arg(i, np.float32(a["float"]))
            elif "local" in a:
                k.set_arg(i, cl.LocalMemory(a["local"]))
            else:
                raise ValueError("unknown argument %r" % a)
        # each launch waits for the one before: the programs with several kernels are ordered by events
        event = cl.enqueue_nd_range_kernel(queue, k, launch["global"], launch["local"],
                                           global_work_offset=launch.get("offset"),
                                           wait_for=[event] if event is not None else None)
    out = {}
    for name in spec["outputs"]:
        out[name] = np.empty_like(host[name])
        cl.enqueue_copy(queue, out[name], bufs[name], wait_for=[event] if event is not None else None)
    queue.finish()
    return spec, out


def compare(name, rule, mine, theirs):
    """None when they agree, else a one-line description of the first difference."""
    if mine.shape != theirs.shape:
        return "%s: %d elements from rvsimt, %d from POCL" % (name, mine.size, theirs.size)
    if rule == "exact":
        a = mine.view(np.uint8).reshape(mine.size, -1)
        b = theirs.view(np.uint8).reshape(theirs.size, -1)
        bad = np.nonzero(np.any(a != b, axis=1))[0]
        if bad.size:
            i = bad[0]
            return "%s: %d elements differ, first [%d]: rvsimt %r, POCL %r" % (name, bad.size, i, mine[i], theirs[i])
        return None
    tol = rule["abs"] + rule["rel"] * np.abs(theirs.astype(np.float64))
    err = np.abs(mine.astype(np.float64) - theirs.astype(np.float64))
    bad = np.nonzero(~(err <= tol))[0]
    if bad.size:
        i = bad[0]
        return "%s: %d elements outside |d| <= %g + %g |POCL|, first [%d]: rvsimt %r, POCL %r" % (
            name, bad.size, rule["abs"], rule["rel"], i, mine[i], theirs[i])
    return None


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    programs, outputs, names = argv[0], argv[1], argv[2:]
    dev = pocl_device()
    if dev is None:
        print("POCL's OpenCL platform is not installed (apt-get install pocl-opencl-icd)", file=sys.stderr)
        return 2
    failed = 0
    for name in names:
        spec, theirs = run(dev, os.path.join(programs, name))
        problems = []
        for buf, rule in spec["outputs"].items():
            mine = np.fromfile(os.path.join(outputs, name, buf + ".bin"), dtype=theirs[buf].dtype)
            p = compare(buf, rule, mine, theirs[buf])
            if p:
                problems.append(p)
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("PASS %s" % name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
