#!/usr/bin/env python3
"""steps.py SIDE FILE [extra nvcc args]: run nvcc's steps one by one (from --dryrun), print CPU s (user+sys) per step."""
import os, re, subprocess, sys, resource, shlex, tempfile
side, f = sys.argv[1], sys.argv[2]
extra = sys.argv[3:]
CUT = "/work/cutlass"
TES = os.environ.get("TESSEL", "/work/wt/compile")
arch = os.environ.get("ARCH") or ("sm_90a" if "hopper/" in f else "sm_90")
inc = (["-I", TES + "/include/tessel/compat"] if side == "tessel" else []) + ["-I", CUT + "/include", "-I", CUT + "/tools/util/include", "-I", CUT + "/examples/common"]
src = f if f.startswith("/") else CUT + "/examples/cute/tutorial/" + f
wd = tempfile.mkdtemp(prefix="st_", dir="/tmp/s20c")
cmd = ["nvcc", "-std=c++20", "-O3", f"-arch={arch}", "--expt-relaxed-constexpr", "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1",
       "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-DCUTLASS_TEST_LEVEL=0", "-Xcompiler=-fno-strict-aliasing", *inc, *extra, src,
       "-o", wd + "/exe", "-lcuda", "--dryrun", "-keep", "-keep-dir", wd]
p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
lines = [l[3:] for l in p.stdout.splitlines() if l.startswith("#$ ")]
script = []
for l in lines:
    if re.match(r"^[A-Za-z_]+=", l):
        k = l.split("=",1)[0]
        if k in ("PATH","LD_LIBRARY_PATH","CICC_PATH","NVVMIR_LIBRARY_DIR","TOP"):
            script.append("export " + l)
    elif l.startswith("rm "):
        script.append("rm -f " + l[3:])
    else:
        tool = os.path.basename(shlex.split(l.replace('"$CICC_PATH/cicc"', 'cicc'))[0])
        script.append(f'/usr/bin/time -f "{tool} %U %S" -a -o {wd}/times.txt {l}')
open(wd + "/run.sh", "w").write("set -e\ncd " + wd + "\n" + "\n".join(script) + "\n")
r = subprocess.run(["bash", wd + "/run.sh"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
if r.returncode:
    print(r.stdout[-3000:]); sys.exit(1)
tot = {}
seq = []
for l in open(wd + "/times.txt"):
    t, u, s = l.split()
    if t.startswith("Command"): continue
    seq.append((t, float(u) + float(s)))
# label the gcc steps by order: gcc -E (host pre), cudafe++, gcc -E (device pre), cicc, ptxas, fatbinary, gcc -c host, ...
names = []
g = 0
for t, c in seq:
    if t in ("gcc", "g++"):
        g += 1
        t = {1: "cpp-host", 2: "cpp-dev", }.get(g, "gcc%d" % g)
    names.append((t, c))
total = sum(c for _, c in seq)
print(side, f, " ".join(f"{t}={c:.2f}" for t, c in names), f"total={total:.2f}", wd)
