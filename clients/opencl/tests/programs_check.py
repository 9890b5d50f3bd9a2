"""The OpenCL programs of kernels/opencl through the rvsimt ICD and through POCL: one host program
(the differential driver of OpenClProgramsTest, which builds each program, fills its buffers,
runs its launches ordered by events and reads its outputs with PyOpenCL) runs every program on
both platforms in this process, and the outputs must agree by each program's rule (bit for bit,
or within its stated tolerance).

    /usr/bin/python3 programs_check.py DRIVER_PY PROGRAMS_DIR [NAME...]

DRIVER_PY is rvsimt-frontend's pocl_driver.py (its run() and compare() are used as they are).
Prints PASS/FAIL per program; exit code 0 when all agree.
"""
import importlib.util
import os
import sys

import pyopencl as cl


def device(name_part):
    for p in cl.get_platforms():
        if name_part in p.name:
            return p.get_devices()[0]
    raise SystemExit("no OpenCL platform named %s (OCL_ICD_VENDORS?)" % name_part)


def main(argv):
    spec = importlib.util.spec_from_file_location("pocl_driver", argv[0])
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    programs = argv[1]
    names = argv[2:] or sorted(n for n in os.listdir(programs)
                               if os.path.exists(os.path.join(programs, n, "program.json")))
    rvsimt, pocl = device("rvsimt"), device("Portable Computing Language")
    failed = 0
    for name in names:
        folder = os.path.join(programs, name)
        rules, ours = driver.run(rvsimt, folder)
        _, theirs = driver.run(pocl, folder)
        problems = [p for p in (driver.compare(buf, rule, ours[buf], theirs[buf])
                                for buf, rule in rules["outputs"].items()) if p]
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("PASS %s" % name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
