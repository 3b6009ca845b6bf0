#!/usr/bin/env python3
"""fe.py SIDE FILE [-D...]: CPU s of the device preprocess + cicc front end only (and full cicc with --full)."""
import os, re, subprocess, sys, shlex, tempfile, resource
side, f = sys.argv[1], sys.argv[2]
full = "--full" in sys.argv
extra = [a for a in sys.argv[3:] if a != "--full"]
CUT = "/work/cutlass"
TES = os.environ.get("TESSEL", "/work/wt/compile")
arch = os.environ.get("ARCH", "sm_90a" if "hopper" in f else "sm_90")
inc = (["-I", TES + "/include/tessel/compat"] if side == "tessel" else []) + ["-I", CUT + "/include", "-I", CUT + "/tools/util/include", "-I", CUT + "/examples/common"]
src = f if f.startswith("/") else CUT + "/examples/cute/tutorial/" + f
wd = tempfile.mkdtemp(prefix="fe_", dir="/tmp/s20c")
cmd = ["nvcc", "-std=c++20", "-O3", f"-arch={arch}", "--expt-relaxed-constexpr", "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1",
       "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-DCUTLASS_TEST_LEVEL=0", "-Xcompiler=-fno-strict-aliasing", *inc, *extra, src,
       "-o", wd + "/exe", "--dryrun", "-keep", "-keep-dir", wd]
p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
lines = [l[3:] for l in p.stdout.splitlines() if l.startswith("#$ ")]
env = dict(os.environ, CICC_PATH="/usr/local/cuda/nvvm/bin", NVVMIR_LIBRARY_DIR="/usr/local/cuda/nvvm/libdevice")
res = []
dev_pre = [l for l in lines if l.startswith("gcc") and "-D__CUDA_ARCH__=" in l and " -E " in l]
ciccs = [l for l in lines if "cicc" in l.split()[0]]
def run(c):
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(c, shell=True, cwd=wd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    a = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r, a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime
out = []
for n, cc in enumerate(ciccs):
    for l in (lines[:lines.index(cc)] if n == 0 else [dev_pre[n]]):
        if re.match(r"^[A-Za-z_]+=", l) or l.startswith("rm "): continue
        r, t = run(l)
        if r.returncode: print(r.stdout[-2000:]); sys.exit(1)
    cc_fe = re.sub(r' -o "[^"]*"\s*$', '', cc) + " --Xopt -time-passes -o x.ptx"
    r, t2 = run(cc_fe)
    if "unsupported option" not in r.stdout: print(r.stdout[-3000:]); sys.exit(1)
    out.append(f"fe={t2:.2f}")
    if full:
        r, t3 = run(re.sub(r' -o "[^"]*"\s*$', '', cc) + " -o x.ptx")
        out.append(f"cicc={t3:.2f}")
print(side, os.path.basename(f), *extra, *out)
subprocess.run(["rm", "-rf", wd])
