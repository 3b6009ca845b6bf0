#!/usr/bin/env python3
"""nvcc_steps.py: where one nvcc build of a CuTe program spends its CPU time, step by step.

    python3 tests/cute_compat/nvcc_steps.py CUTLASS_DIR FILE [--against tessel|cute] [--arch ARCH] [--repeat N]
                                            [--flag F]...

FILE is a path, or a tutorial name relative to CUTLASS_DIR/examples/cute/tutorial (sgemm_sm80.cu,
hopper/wgmma_tma_sm90.cu). The flags are the tutorials suite's (harness.py: -std=c++20 -O3
--expt-relaxed-constexpr, -arch=sm_90a for hopper/, else sm_90). nvcc's steps come from `nvcc --dryrun` and
run one by one; each step's CPU seconds (user + system of the step and its children, which the load of a
shared machine disturbs far less than elapsed time) are printed, cicc's split into its front end (EDG:
parsing, template instantiation, constant evaluation; cicc's own `--timing`) and the rest (NVVM). With
--repeat N the builds run N times and the medians are printed. Prints one line per build and, with N > 1,
a line of medians.
"""
import argparse
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "include", "tessel", "compat")


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def step_name(line, seen):
    """A short name for one nvcc step: the tool, the host/device preprocessing told apart by their macros."""
    tool = os.path.basename(shlex.split(line.replace('"$CICC_PATH/cicc"', "cicc"))[0])
    if tool in ("gcc", "g++"):
        if " -E " in line:
            tool = "cpp-device" if "-D__CUDA_ARCH__=" in line else "cpp-host"
        elif "-DFATBINFILE" in line:
            tool = "host-link-stub"
        elif " -c " in line:
            tool = "host-cc1plus"
        else:
            tool = "link"
    seen[tool] = seen.get(tool, 0) + 1
    return tool if seen[tool] == 1 else f"{tool}#{seen[tool]}"


def one_build(a, src, wd):
    inc = (["-I", COMPAT] if a.against == "tessel" else [])
    inc += ["-I", os.path.join(a.cutlass, "include"), "-I", os.path.join(a.cutlass, "tools", "util", "include"),
            "-I", os.path.join(a.cutlass, "examples", "common")]
    cmd = [a.nvcc, "-std=c++20", "-O3", f"-arch={a.arch}", "--expt-relaxed-constexpr",
           "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1", "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-DCUTLASS_TEST_LEVEL=0",
           "-Xcompiler=-fno-strict-aliasing", *a.flag, *inc, src, "-o", os.path.join(wd, "exe"), "-lcuda",
           "--dryrun", "-keep", "-keep-dir", wd]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = [l[3:] for l in p.stdout.splitlines() if l.startswith("#$ ")]
    env = dict(os.environ)
    times, seen = {}, {}
    for l in lines:
        m = re.match(r"^([A-Za-z_]+)=(.*)$", l)
        if m:
            # nvcc's own variables; the ones its commands read are plain values.
            if m.group(1) in ("PATH", "LD_LIBRARY_PATH", "CICC_PATH", "NVVMIR_LIBRARY_DIR", "TOP"):
                env[m.group(1)] = os.path.expandvars(m.group(2))
            continue
        if l.startswith("rm "):
            continue
        name = step_name(l, seen)
        run = l.replace('"$CICC_PATH/cicc"', shlex.quote(os.path.join(env.get("CICC_PATH", ""), "cicc")))
        is_cicc = name.startswith("cicc")
        if is_cicc:
            run += " --timing"
        before = cpu_of_children()
        r = subprocess.run(run, shell=True, cwd=wd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        times[name] = cpu_of_children() - before
        if r.returncode:
            sys.exit(f"nvcc_steps: step {name} failed:\n{r.stdout[-3000:]}")
        if is_cicc:
            m = re.search(r"Front end time\s+([\d.]+) \(CPU\)", r.stdout)
            if m:
                times[name.replace("cicc", "cicc-frontend")] = float(m.group(1))
    times["total"] = sum(v for k, v in times.items() if "frontend" not in k)
    return times


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cutlass")
    p.add_argument("file")
    p.add_argument("--against", default="tessel", choices=["tessel", "cute"])
    p.add_argument("--arch", help="nvcc -arch (default: sm_90a for hopper/, else sm_90)")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--flag", action="append", default=[], help="an extra nvcc flag (repeatable)")
    p.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    a = p.parse_args()
    a.cutlass = os.path.abspath(a.cutlass)
    src = a.file if os.path.exists(a.file) else os.path.join(a.cutlass, "examples", "cute", "tutorial", a.file)
    src = os.path.abspath(src)
    a.arch = a.arch or ("sm_90a" if "hopper" in a.file else "sm_90")
    runs = []
    for _ in range(a.repeat):
        wd = tempfile.mkdtemp(prefix="nvcc_steps_")
        try:
            t = one_build(a, src, wd)
        finally:
            shutil.rmtree(wd, ignore_errors=True)
        runs.append(t)
        print(a.against, a.file, " ".join(f"{k}={v:.2f}" for k, v in t.items() if v >= 0.005 or k == "total"), flush=True)
    if a.repeat > 1:
        keys = [k for k in runs[0] if all(k in r for r in runs)]
        med = {k: statistics.median(r[k] for r in runs) for k in keys}
        print(a.against, a.file, "median", " ".join(f"{k}={v:.2f}" for k, v in med.items() if v >= 0.005 or k == "total"))


if __name__ == "__main__":
    main()
