"""NDRange wall time of OpenCL programs on rvsimt (through its ICD) and on POCL's CPU device, in one
run on one machine, so the ratio is measured rather than claimed.

    OCL_ICD_VENDORS=DIR /usr/bin/python3 ndrange_bench.py [--repeat N] [--json] DRIVER_PY PROGRAMS_DIR [NAME...]

DIR holds rvsimt.icd and pocl.icd; DRIVER_PY is rvsimt-frontend's pocl_driver.py (its initial()
fills the buffers as the program tests do); PROGRAMS_DIR is kernels/opencl. For each program and
platform: build, fill the buffers, run all its launches once (warm-up: code loading, JIT), then
time all its launches --repeat times (default 5) from the first enqueue to clFinish, and report the
median. The outputs of the two platforms are compared as the program tests compare them, so a
timed program is a correct one.
"""
import argparse
import importlib.util
import json
import os
import statistics
import sys
import time

import numpy as np
import pyopencl as cl


def platform_device(name_part):
    for p in cl.get_platforms():
        if name_part in p.name:
            return p.get_devices()[0]
    raise SystemExit("no OpenCL platform named %s (set OCL_ICD_VENDORS)" % name_part)


def prepare(driver, dev, folder):
    spec = json.load(open(os.path.join(folder, "program.json")))
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, open(os.path.join(folder, spec["source"])).read()).build(options=spec.get("buildOptions", ""))
    host = {name: driver.initial(b) for name, b in spec["buffers"].items()}
    mf = cl.mem_flags
    bufs = {name: cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a) for name, a in host.items()}
    launches = []
    for launch in spec["launches"]:
        k = cl.Kernel(prg, launch["kernel"])
        args = []
        for a in launch["args"]:
            if "buffer" in a:
                args.append(bufs[a["buffer"]])
            elif "int" in a:
                args.append(np.int32(a["int"]))
            elif "uint" in a:
                args.append(np.uint32(a["uint"]))
            elif "float" in a:
                args.append(np.float32(a["float"]))
            else:
                args.append(cl.LocalMemory(a["local"]))
        launches.append((k, args, launch["global"], launch["local"], launch.get("offset")))
    return spec, ctx, queue, host, bufs, launches


def run_once(queue, launches, bufs, host):
    for name, a in host.items():  # the same inputs every time
        cl.enqueue_copy(queue, bufs[name], a)
    queue.finish()
    t0 = time.perf_counter()
    for k, args, g, l, off in launches:
        k.set_args(*args)
        cl.enqueue_nd_range_kernel(queue, k, g, l, global_work_offset=off)
    queue.finish()
    return time.perf_counter() - t0


def measure(driver, dev, folder, repeat):
    spec, ctx, queue, host, bufs, launches = prepare(driver, dev, folder)
    run_once(queue, launches, bufs, host)
    times = [run_once(queue, launches, bufs, host) for _ in range(repeat)]
    outputs = {}
    for name in spec["outputs"]:
        outputs[name] = np.empty_like(host[name])
        cl.enqueue_copy(queue, outputs[name], bufs[name])
    queue.finish()
    return spec, statistics.median(times), outputs


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("driver")
    ap.add_argument("programs")
    ap.add_argument("names", nargs="*")
    o = ap.parse_args(argv)
    if o.repeat < 1:
        ap.error("--repeat must be at least 1")
    spec = importlib.util.spec_from_file_location("pocl_driver", o.driver)
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    names = o.names or sorted(n for n in os.listdir(o.programs) if os.path.exists(os.path.join(o.programs, n, "program.json")))
    rv, pocl = platform_device("rvsimt"), platform_device("Portable Computing Language")
    rows, failed = [], 0
    for name in names:
        folder = os.path.join(o.programs, name)
        pspec, t_rv, out_rv = measure(driver, rv, folder, o.repeat)
        _, t_pocl, out_pocl = measure(driver, pocl, folder, o.repeat)
        problems = [p for p in (driver.compare(b, rule, out_rv[b], out_pocl[b]) for b, rule in pspec["outputs"].items()) if p]
        failed += bool(problems)
        rows.append({"program": name, "launches": len(pspec["launches"]), "rvsimt_ms": t_rv * 1e3,
                     "pocl_ms": t_pocl * 1e3, "ratio": t_rv / t_pocl if t_pocl > 0 else float("inf"),
                     "outputs_agree": not problems})
    if o.json:
        print(json.dumps({"repeat": o.repeat, "rows": rows}, indent=1))
    else:
        print("%-16s %8s %12s %12s %10s  %s" % ("program", "launches", "rvsimt ms", "POCL ms", "rvsimt/POCL", "outputs"))
        for r in rows:
            print("%-16s %8d %12.3f %12.3f %10.1fx  %s" % (r["program"], r["launches"], r["rvsimt_ms"], r["pocl_ms"],
                                                          r["ratio"], "agree" if r["outputs_agree"] else "DIFFER"))
        print("NDRange wall time: median of %d runs after a warm-up, first enqueue to clFinish, same machine and run"
              % o.repeat)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
