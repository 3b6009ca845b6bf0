#!/usr/bin/env python3
"""fecount.py SIDE FILE: instructions (valgrind cachegrind) of cicc's front end only for the first device pass."""
import os, re, subprocess, sys, tempfile
side, f = sys.argv[1], sys.argv[2]
TES = os.environ.get("TESSEL", "/work/wt/compile")
arch = os.environ.get("ARCH", "sm_90")
inc = (["-I", TES + "/include/tessel/compat"] if side == "tessel" else []) + ["-I", "/work/cutlass/include", "-I", "/work/cutlass/tools/util/include"]
wd = tempfile.mkdtemp(prefix="fc_", dir="/tmp/s20c")
cmd = ["nvcc", "-std=c++20", "-O3", f"-arch={arch}", "--expt-relaxed-constexpr", "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1",
       *inc, os.path.abspath(f), "-ptx", "-o", wd + "/x.ptx", "--dryrun", "-keep", "-keep-dir", wd]
lines = [l[3:] for l in subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.splitlines() if l.startswith("#$ ")]
env = dict(os.environ, CICC_PATH="/usr/local/cuda/nvvm/bin", NVVMIR_LIBRARY_DIR="/usr/local/cuda/nvvm/libdevice")
for l in lines:
    if re.match(r"^[A-Za-z_]+=", l) or l.startswith("rm "): continue
    if "cicc" in l.split()[0]:
        l = re.sub(r' -o "[^"]*"\s*$', '', l).replace('"$CICC_PATH/cicc"', "valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /usr/local/cuda/nvvm/bin/cicc") + " --Xopt -time-passes -o x.ptx"
        r = subprocess.run(l, shell=True, cwd=wd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stdout)
        print(side, os.path.basename(f), "fe_Ir=%.1fM" % (int(m.group(1).replace(",", "")) / 1e6) if m else r.stdout[-2000:])
        break
    r = subprocess.run(l, shell=True, cwd=wd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode: print(r.stdout[-2000:]); sys.exit(1)
subprocess.run(["rm", "-rf", wd])
