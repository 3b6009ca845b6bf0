#!/usr/bin/env python3
"""CuTe's own sources, compiled and run against tessel's CuTe drop-in or, for reference, against CuTe.

    tests/cute_compat/run.sh CUTLASS_DIR [--against tessel|cute] [--suite SUITE[,SUITE...]] [--jobs N] [--out DIR]

Suites (README "Compiling CuTe programs against tessel"):
  core          test/unit/cute/core/*.cpp: host, g++ -std=c++20 -O0 -DNDEBUG, GoogleTest
  tutorials     examples/cute/tutorial/*.cu and hopper/*.cu: nvcc -std=c++20 -O3 --expt-relaxed-constexpr (CuTe's
                CMake flags, C++20 as tessel needs), -arch=sm_90a for hopper/, --tutorial-arch (sm_90) for the
                others; run on a GPU (sgemm_sm80 with "5120 5120 4096 T N": its default NT is not implemented
                for half_t); the verification lines printed and the GFlop/s as TFLOP/s; built with
                -cudart shared and run under d2h_hash.c (LD_PRELOAD), which hashes every device-to-host
                copy: the "result hash" compares a CuTe build with a tessel build of the same tutorial
  device        test/unit/cute/{layout,volta,turing,ampere,hopper}/*.cu: nvcc -std=c++20 -O2
                -gencode=arch=compute_90a,code=[sm_90a,compute_90a] (as CUTLASS's CMake builds 90a),
                CUTLASS's test/unit/common headers and its test main, GoogleTest, run on a GPU
  pycute        test/python/pycute/test_*.py, with `from pycute import *` replaced by `from tessel import *`
                in a temporary copy (against cute: pycute itself, from CUTLASS_DIR/python)
  compile-time  tests/cute_compat/{layout,algebra}_examples.cpp built against tessel and against CuTe
                (g++ -std=c++20 -O2, median of --repeat runs), with the ratio
  all           core, tutorials, device, pycute

CUTLASS_DIR is a checkout the user supplies; nothing of it is copied into this repository: every file
is read from there and built under --out. Against tessel the include order is
`-I include/tessel/compat -I CUTLASS/include -I CUTLASS/tools/util/include`; against cute the first is
left out. Without a GPU (nvidia-smi lists none) the GPU suites are compiled only and reported
"not run (no GPU)".

Output: one line per file (compiled?, TESTs passed/total, failed checks, compile seconds; for the
tutorials the verification line and TFLOP/s), a total per suite and overall, and in --out:
summary.tsv (one row per file), logs/<suite>/<file>.{compile,run}.log.
Exit status: 0 when every file compiled and every run passed, 1 otherwise, 2 on bad usage.
"""
import argparse
import concurrent.futures as cf
import glob
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
COMPAT = os.path.join(REPO, "include", "tessel", "compat")
SHIM = os.path.join(HERE, "shim")

SUITES = ["core", "tutorials", "device", "pycute", "compile-time"]
ALL = ["core", "tutorials", "device", "pycute"]
DEVICE_DIRS = ["layout", "volta", "turing", "ampere", "hopper"]
# Arguments of the tutorials whose defaults do not run: sgemm_sm80's default is NT, which it implements only
# for float (its half_t NT asserts "Not implemented"); its half_t TN is the tutorial's tensor-core GEMM.
TUTORIAL_ARGS = {"sgemm_sm80.cu": ["5120", "5120", "4096", "T", "N"]}
TSV_COLUMNS = ["against", "suite", "file", "compiled", "compile_s", "run", "passed", "total",
               "failed_checks", "verification", "tflops", "note"]

_print_lock = threading.Lock()


def log(msg):
    with _print_lock:
        print(msg, file=sys.stderr, flush=True)


class Result:
    def __init__(self, suite, name):
        self.suite, self.file = suite, name
        self.compiled = None        # True/False/None (None: not compiled, e.g. Python)
        self.compile_s = None
        self.run = ""               # ok | failed | crash rc=N | timeout | not run (...)
        self.passed = self.total = self.failed_checks = None
        self.skipped = 0            # TESTs the program itself skipped (GTEST_SKIP), counted apart from passed
        self.verification = ""
        self.tflops = None
        self.note = ""
        self.ptxas = ""             # ptxas's performance remarks on a build that succeeded (ptxas_remarks)
        self.exe = None
        self.run_log = None

    def notes(self):
        return "; ".join(n for n in (self.note, self.ptxas) if n)

    def good(self):
        if self.compiled is False:
            return False
        return self.run in ("ok",) or self.run.startswith("not run")

    def line(self):
        parts = [f"{self.suite:<10}", f"{self.file:<34}"]
        if self.compiled is None:
            parts.append(f"{'-':<9}")
        else:
            parts.append(f"{'compiled' if self.compiled else 'NO':<9}")
        parts.append(f"{self.compile_s:6.1f}s" if self.compile_s is not None else f"{'':7}")
        if self.total is not None:
            parts.append(f"TESTs {self.passed}/{self.total}")
            if self.skipped:
                parts.append(f"skipped by the test {self.skipped}")
            parts.append(f"failed checks {self.failed_checks}")
        if self.run and self.run != "ok":
            parts.append(self.run)
        if self.verification:
            parts.append(f"verification: {self.verification}")
        if self.tflops is not None:
            parts.append(f"TFLOP/s {self.tflops:.2f}")
        if self.notes():
            parts.append(f"[{self.notes()}]")
        return "  ".join(parts)

    def row(self, against):
        def s(v):
            return "" if v is None else (f"{v:.2f}" if isinstance(v, float) else str(v))
        comp = "" if self.compiled is None else ("yes" if self.compiled else "no")
        vals = [against, self.suite, self.file, comp, s(self.compile_s), self.run, s(self.passed),
                s(self.total), s(self.failed_checks), self.verification, s(self.tflops), self.notes()]
        return "\t".join(v.replace("\t", " ").replace("\n", " ") for v in vals)


def run_cmd(cmd, log_path, timeout=None, cwd=None, env=None):
    """Runs cmd, writing its command line and output to log_path; returns (rc, seconds, output)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        rc, out = p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        rc, out = "timeout", (e.stdout or b"").decode("utf-8", "replace")
    except OSError as e:
        rc, out = "oserror", str(e)
    dt = time.monotonic() - t0
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    with open(log_path, "w") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out)
    return rc, dt, out


def d2h_lines(out):
    """The lines d2h_hash.c printed in a run's output, one per device-to-host copy."""
    return [ln.strip() for ln in out.splitlines() if ln.startswith("D2H ")]


def result_hash(d2h):
    """A run's result hash: one FNV-1a (64 bits, hex) over its D2H lines in order (the same in a CuTe build and
    a tessel build of a tutorial exactly where every copied-back byte is the same)."""
    h = 1469598103934665603
    for c in "\n".join(d2h).encode():
        h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def tutorial_gflops(out):
    """The last GFlop/s figure a tutorial printed ("[ x ]GFlop/s"), or None."""
    m = re.findall(r"\[\s*([0-9.]+)\]GFlop/s", out)
    return float(m[-1]) if m else None


def verification_lines(out):
    """The lines of a tutorial's output that report its verification, each once, in order."""
    return list(dict.fromkeys(ln.strip() for ln in out.splitlines()
                              if re.search(r"success|fail|error|mismatch|passed|waived|requires", ln, re.I)))


def first_error(out):
    for ln in out.splitlines():
        if re.search(r"\berror\b", ln) and not ln.startswith("$ "):
            ln = re.sub(r"^\S*/", "", ln.strip())   # drop the directory of the file name
            return ln[:240]
    lines = [ln for ln in out.splitlines() if ln.strip()]
    return lines[-1][:240] if lines else ""


def ptxas_remarks(out):
    """ptxas's 'Potential Performance Loss' remarks in a build's output, counted by code: C7510 is
    wgmma serialized (e.g. by a call, such as a device printf, anywhere in the kernel); tessel's
    device code must not cause one where CuTe's build has none."""
    codes = re.findall(r"\((C\d+)\) Potential Performance Loss: (.*?)(?: in the function|$)", out, re.M)
    if not codes:
        return ""
    count = {}
    for c, what in codes:
        key = (c, re.sub(r"^wgmma\.mma_async instructions are ", "wgmma ", what.strip())[:90])
        count[key] = count.get(key, 0) + 1
    return "ptxas: " + ", ".join(f"{c} {what} in {n} kernel{'s' if n > 1 else ''}" for (c, what), n in sorted(count.items()))


def parse_gtest(r, out, rc):
    m = re.search(r"\[==========\] (\d+) tests? from \d+ test (?:suites?|cases?) ran", out)
    runs = len(re.findall(r"^\[ RUN      \]", out, re.M))
    oks = len(re.findall(r"^\[       OK \]", out, re.M))
    r.total = int(m.group(1)) if m else runs
    r.passed = oks
    r.failed_checks = len(re.findall(r": Failure\s*$", out, re.M))
    # TESTs that skip themselves (GTEST_SKIP, e.g. CuTe's cooperative_copy for the element types its vector width
    # excludes) neither pass nor fail: GoogleTest lists them apart, and so does the harness
    sk = re.search(r"^\[  SKIPPED \] (\d+) tests?, listed below", out, re.M)
    r.skipped = int(sk.group(1)) if sk else 0
    if rc == "timeout":
        r.run = "timeout"
    elif rc == 0 and m:
        r.run = "ok" if r.passed + r.skipped == r.total and r.failed_checks == 0 else "failed"
    elif m:
        r.run = "failed"
    else:
        r.run = f"crash rc={rc}"
    if r.run != "ok" and not r.note:
        failed = re.findall(r"^\[  FAILED  \] (\S+)(?: \(\d+ ms\))?$", out, re.M)
        failed = sorted(set(f for f in failed if "." in f))
        if failed:
            r.note = "failed: " + " ".join(failed)[:300]


class Harness:
    def __init__(self, a):
        self.a = a
        self.cutlass = os.path.abspath(a.cutlass)
        self.out = os.path.abspath(a.out or os.path.join(tempfile.gettempdir(), "tessel-cute-compat", a.against))
        self.cuda_home = a.cuda_home or os.environ.get("CUDA_HOME") or "/usr/local/cuda"
        self.cxx = a.cxx or os.environ.get("CXX") or "g++"
        self.nvcc = a.nvcc or shutil.which("nvcc") or os.path.join(self.cuda_home, "bin", "nvcc")
        self.gpu = self.detect_gpu()
        self.gtest = None   # (include flags, lib dir flags) once prepared
        self.results = []

    def build(self, cmd, exe, log_path):
        """Compiles exe with cmd (run_cmd's result). With --reuse, a program already built under --out by an
        earlier run with the same folder (for example --no-run on a machine without a GPU, then carried to
        one) is taken as it is: its compile log is read back and its compile time is the one recorded then."""
        stamp = exe + ".compile_s"
        if self.a.reuse and os.path.exists(exe) and os.path.exists(stamp) and os.path.exists(log_path):
            with open(stamp) as f:
                dt = float(f.read().strip() or 0)
            with open(log_path) as f:
                return 0, dt, f.read()
        rc, dt, out = run_cmd(cmd, log_path)
        if rc == 0:
            with open(stamp, "w") as f:
                f.write(f"{dt:.3f}\n")
        return rc, dt, out

    # ---- environment -------------------------------------------------------------------------
    def detect_gpu(self):
        if self.a.no_run:
            return False
        env = os.environ.get("TESSEL_HAVE_GPU")
        if env is not None:
            return env not in ("", "0")
        try:
            p = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30)
            return p.returncode == 0 and b"GPU" in p.stdout
        except (OSError, subprocess.TimeoutExpired):
            return False

    def includes(self, with_tools=True, extra=()):
        inc = []
        if self.a.against == "tessel":
            inc += ["-I", COMPAT]
        inc += ["-I", os.path.join(self.cutlass, "include")]
        if with_tools:
            inc += ["-I", os.path.join(self.cutlass, "tools", "util", "include")]
        for e in extra:
            inc += ["-I", e]
        return inc

    def cuda_include(self):
        """The CUDA toolkit's headers for host compiles (CUTLASS's headers include <cuda/std/...>, which
        CUDA 13 keeps in include/cccl)."""
        inc = []
        for d in (os.path.join(self.cuda_home, "include"), os.path.join(self.cuda_home, "include", "cccl")):
            if os.path.isdir(d):
                inc += ["-I", d]
        return inc

    def prepare_gtest(self):
        """System GoogleTest when installed, else built once from its sources (--gtest-src)."""
        if self.gtest is not None:
            return self.gtest
        lib = subprocess.run([self.cxx, "-print-file-name=libgtest.a"], stdout=subprocess.PIPE).stdout.decode().strip()
        so = subprocess.run([self.cxx, "-print-file-name=libgtest.so"], stdout=subprocess.PIPE).stdout.decode().strip()
        have_header = any(os.path.exists(os.path.join(d, "gtest", "gtest.h")) for d in ("/usr/include", "/usr/local/include"))
        if have_header and (os.path.isabs(lib) or os.path.isabs(so)) and not self.a.gtest_src:
            self.gtest = ([], [])
            return self.gtest
        cands = [self.a.gtest_src, os.environ.get("GTEST_SRC"), os.path.join(REPO, ".cutlass", "googletest"),
                 "/usr/src/googletest"]
        src = None
        for c in cands:
            if not c:
                continue
            for d in (c, os.path.join(c, "googletest")):
                if os.path.exists(os.path.join(d, "src", "gtest-all.cc")):
                    src = d
                    break
            if src:
                break
        if not src:
            raise SystemExit("harness: GoogleTest is neither installed nor found as sources (--gtest-src DIR)")
        bdir = os.path.join(self.out, "gtest")
        os.makedirs(bdir, exist_ok=True)
        inc = ["-I", os.path.join(src, "include"), "-I", src]
        for name in ("gtest-all", "gtest_main"):
            obj = os.path.join(bdir, name + ".o")
            if not os.path.exists(obj):
                rc, _, out = run_cmd([self.cxx, "-std=c++17", "-O1", "-pthread", *inc, "-c",
                                      os.path.join(src, "src", name + ".cc"), "-o", obj],
                                     os.path.join(self.out, "logs", "gtest", name + ".log"))
                if rc != 0:
                    raise SystemExit("harness: building GoogleTest failed:\n" + out[-2000:])
            a = os.path.join(bdir, ("libgtest" if name == "gtest-all" else "libgtest_main") + ".a")
            subprocess.run(["ar", "rcs", a, obj], check=True)
        self.gtest = (["-I", os.path.join(src, "include")], ["-L", bdir])
        return self.gtest

    # ---- suites ------------------------------------------------------------------------------
    def select(self, files):
        if self.a.filter:
            files = [f for f in files if re.search(self.a.filter, f)]
        return files

    def suite_core(self):
        d = os.path.join(self.cutlass, "test", "unit", "cute", "core")
        files = self.select(sorted(f for f in os.listdir(d) if f.endswith(".cpp")))
        ginc, glib = self.prepare_gtest()
        bdir = os.path.join(self.out, "bin", "core")
        os.makedirs(bdir, exist_ok=True)

        def one(f):
            r = Result("core", f)
            exe = os.path.join(bdir, f[:-4])
            cmd = [self.cxx, "-std=c++20", "-O0", "-DNDEBUG", *self.a.extra_flags, *self.includes(False, [SHIM]),
                   *self.cuda_include(), *ginc, os.path.join(d, f), "-o", exe, *glib, "-lgtest_main", "-lgtest", "-pthread"]
            rc, dt, out = self.build(cmd, exe, os.path.join(self.out, "logs", "core", f + ".compile.log"))
            r.compiled, r.compile_s = rc == 0, dt
            if rc != 0:
                r.run, r.note = "not run (did not compile)", first_error(out)
                return r
            if self.a.no_run:
                r.run = "not run (--no-run)"
                return r
            rc, _, out = run_cmd([exe], os.path.join(self.out, "logs", "core", f + ".run.log"), timeout=self.a.run_timeout)
            parse_gtest(r, out, rc)
            return r
        return self.pool(files, one)

    def nvcc_base(self, std, opt, arch, as_cutlass=False):
        # as_cutlass: the code CUTLASS's own CMake build gives (SM-real and SM-virtual: the cubin and that
        # architecture's PTX). nvcc 13's -arch=sm_90a also compiles compute_90 PTX, a second device pass (cicc)
        # whose TMA/GMMA code is compiled out (no sm_90a features there), which doubles the device front end and
        # optimizer time of CuTe's large test files on both sides.
        archf = [f"-arch={arch}"]
        if as_cutlass and arch.startswith("sm_"):
            n = arch[3:]
            archf = [f"-gencode=arch=compute_{n},code=[sm_{n},compute_{n}]"]
        return [self.nvcc, f"-std={std}", opt, *archf, "--expt-relaxed-constexpr",
                "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1", "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-DCUTLASS_TEST_LEVEL=0",
                "-Xcompiler=-fno-strict-aliasing", *self.a.extra_flags]

    def suite_tutorials(self):
        base = os.path.join(self.cutlass, "examples", "cute", "tutorial")
        files = sorted(f for f in os.listdir(base) if f.endswith(".cu"))
        files += sorted("hopper/" + f for f in os.listdir(os.path.join(base, "hopper")) if f.endswith(".cu"))
        files = self.select(files)
        bdir = os.path.join(self.out, "bin", "tutorials")
        os.makedirs(os.path.join(bdir, "hopper"), exist_ok=True)
        common = [os.path.join(self.cutlass, "examples", "common")]
        # The result hash (d2h_hash.c): every device-to-host copy's bytes, hashed by an LD_PRELOAD library
        # around the shared CUDA runtime, so that a tutorial built against CuTe and against tessel can be
        # compared where it prints no verification (the GEMM tutorials).
        preload = self.d2h_hash_lib(bdir)
        cudart = ["-cudart", "shared"] if preload else []

        def one(f):
            r = Result("tutorials", f)
            exe = os.path.join(bdir, f[:-3])
            arch = "sm_90a" if f.startswith("hopper/") else self.a.tutorial_arch
            cmd = [*self.nvcc_base(self.a.tutorial_std, "-O3", arch), *self.includes(True, common),
                   os.path.join(base, f), "-o", exe, *cudart, "-lcuda"]
            rc, dt, out = self.build(cmd, exe, os.path.join(self.out, "logs", "tutorials", f + ".compile.log"))
            r.compiled, r.compile_s = rc == 0, dt
            if rc != 0:
                r.run, r.note = "not run (did not compile)", first_error(out)
            else:
                r.exe, r.ptxas = exe, ptxas_remarks(out)
            return r
        res = self.pool(files, one)
        for r in res:
            if not r.exe:
                continue
            if not self.gpu:
                r.run = "not run (--no-run)" if self.a.no_run else "not run (no GPU)"
                continue
            env = dict(os.environ, LD_PRELOAD=preload) if preload else None
            rc, _, out = run_cmd([r.exe, *TUTORIAL_ARGS.get(os.path.basename(r.file), [])],
                                 os.path.join(self.out, "logs", "tutorials", r.file + ".run.log"),
                                 timeout=self.a.run_timeout, env=env)
            self.parse_tutorial(r, out, rc)
        return res

    def d2h_hash_lib(self, bdir):
        """Builds d2h_hash.c with the host C compiler; its path, or "" (no hashes) where that fails."""
        so = os.path.join(bdir, "d2h_hash.so")
        cc = os.environ.get("CC", "cc")
        rc, _, out = run_cmd([cc, "-shared", "-fPIC", "-O2", os.path.join(HERE, "d2h_hash.c"), "-o", so, "-ldl"],
                             os.path.join(self.out, "logs", "tutorials", "d2h_hash.build.log"))
        if rc != 0:
            print(f"harness: the result-hash library did not build ({first_error(out)}); no result hashes",
                  file=sys.stderr)
            return ""
        return so

    @staticmethod
    def parse_tutorial(r, out, rc):
        ver = verification_lines(out)
        gflops = tutorial_gflops(out)
        if gflops is not None:
            r.tflops = gflops / 1000.0
        if ver:
            r.verification = "; ".join(ver)[:200]
        else:
            r.verification = "none printed"
        d2h = d2h_lines(out)  # the result hash (result_hash)
        if d2h:
            r.verification += f"; result hash {result_hash(d2h)} ({len(d2h)} copies back)"
        if rc == "timeout":
            r.run = "timeout"
        elif rc != 0:
            r.run = f"crash rc={rc}"
        elif any(re.search(r"fail|error|mismatch|waived|requires", v, re.I) for v in ver):
            r.run = "failed"
        else:
            r.run = "ok"

    def suite_device(self):
        base = os.path.join(self.cutlass, "test", "unit", "cute")
        files = []
        for d in DEVICE_DIRS:
            if os.path.isdir(os.path.join(base, d)):
                files += sorted(d + "/" + f for f in os.listdir(os.path.join(base, d)) if f.endswith(".cu"))
        files = self.select(files)
        ginc, glib = self.prepare_gtest()
        bdir = os.path.join(self.out, "bin", "device")
        for d in DEVICE_DIRS:
            os.makedirs(os.path.join(bdir, d), exist_ok=True)
        unit = os.path.join(self.cutlass, "test", "unit")
        inc = [*self.includes(True, [os.path.join(unit, "common"), unit]), *ginc]
        flags = self.nvcc_base("c++20", "-O2", self.a.device_arch, as_cutlass=True)
        # CUTLASS's test main (test_unit.cpp: FilterArchitecture, then the tests) and its helpers, built once.
        infra, infra_note = [], ""
        for src in (os.path.join(unit, "common", "filter_architecture.cpp"), os.path.join(unit, "test_unit.cpp")):
            obj = os.path.join(bdir, os.path.basename(src)[:-4] + ".o")
            rc, _, out = self.build([*flags, *inc, "-x", "cu", "-c", src, "-o", obj], obj,
                                    os.path.join(self.out, "logs", "device", os.path.basename(src) + ".compile.log"))
            if rc != 0:
                infra_note = "CUTLASS's test main did not compile: " + first_error(out)
            infra.append(obj)

        def one(f):
            r = Result("device", f)
            exe = os.path.join(bdir, f[:-3])
            cmd = [*flags, *inc, os.path.join(base, f), *infra, "-o", exe, *glib, "-lgtest", "-lcuda", "-lpthread"]
            if infra_note:
                r.compiled, r.run, r.note = False, "not run (did not compile)", infra_note
                return r
            rc, dt, out = self.build(cmd, exe, os.path.join(self.out, "logs", "device", f + ".compile.log"))
            r.compiled, r.compile_s = rc == 0, dt
            if rc != 0:
                r.run, r.note = "not run (did not compile)", first_error(out)
            else:
                r.exe, r.ptxas = exe, ptxas_remarks(out)
            return r
        res = self.pool(files, one)
        for r in res:
            if not r.exe:
                continue
            if not self.gpu:
                r.run = "not run (--no-run)" if self.a.no_run else "not run (no GPU)"
                continue
            rc, _, out = run_cmd([r.exe], os.path.join(self.out, "logs", "device", r.file + ".run.log"),
                                 timeout=self.a.run_timeout)
            parse_gtest(r, out, rc)
        return res

    def find_pycute_tests(self):
        for d in (os.path.join(self.cutlass, "test", "python", "pycute"),
                  *glob.glob(os.path.join(self.cutlass, "test", "python", "**", "pycute"), recursive=True)):
            if glob.glob(os.path.join(d, "test_*.py")):
                return d
        return None

    def tessel_pythonpath(self):
        if self.a.pythonpath:
            return os.path.abspath(self.a.pythonpath)
        if os.environ.get("TESSEL_PYTHONPATH"):
            return os.environ["TESSEL_PYTHONPATH"]
        cands = [p for p in glob.glob(os.path.join(REPO, "build*", "python"))
                 if glob.glob(os.path.join(p, "tessel", "_tessel*"))]
        cands.sort(key=lambda p: max(os.path.getmtime(x) for x in glob.glob(os.path.join(p, "tessel", "_tessel*"))))
        return cands[-1] if cands else None

    def suite_pycute(self):
        src = self.find_pycute_tests()
        if not src:
            r = Result("pycute", "-")
            r.run = "not run (no test/python/pycute in the checkout)"
            return [r]
        files = self.select(sorted(os.path.basename(f) for f in glob.glob(os.path.join(src, "test_*.py"))))
        work = os.path.join(self.out, "pycute")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        if self.a.against == "tessel":
            pp = self.tessel_pythonpath()
            python = self.a.python or os.environ.get("TESSEL_PYTHON") or (
                "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable)
        else:
            pp = os.path.join(self.cutlass, "python")
            python = self.a.python or sys.executable
        res = []
        for f in files:
            r = Result("pycute", f)
            text = open(os.path.join(src, f)).read()
            if self.a.against == "tessel":
                text = text.replace("from pycute import *", "from tessel import *")
            with open(os.path.join(work, f), "w") as fh:
                fh.write(text)
            if not pp:
                r.run = "not run (no tessel Python module: build target tessel_python or pass --pythonpath)"
                res.append(r)
                continue
            env = dict(os.environ, PYTHONPATH=pp + os.pathsep + os.environ.get("PYTHONPATH", ""),
                       PYTHONDONTWRITEBYTECODE="1")
            rc, _, out = run_cmd([python, "-m", "unittest", "-v", f[:-3]],
                                 os.path.join(self.out, "logs", "pycute", f + ".run.log"),
                                 timeout=self.a.run_timeout, cwd=work, env=env)
            m = re.search(r"^Ran (\d+) tests?", out, re.M)
            total = int(m.group(1)) if m else 0
            fm = re.search(r"^FAILED \(([^)]*)\)", out, re.M)
            bad = 0
            if fm:
                for k, v in re.findall(r"(\w+)=(\d+)", fm.group(1)):
                    if k in ("failures", "errors"):
                        bad += int(v)
            r.total, r.passed, r.failed_checks = total, total - bad, bad
            r.run = "timeout" if rc == "timeout" else ("ok" if rc == 0 and m and bad == 0 else "failed")
            if r.run != "ok":
                errs = re.findall(r"^(\w*(?:Error|Exception)\b.*)$", out, re.M)
                if errs:
                    r.note = errs[0][:240]
            res.append(r)
        return res

    def suite_compile_time(self):
        """Each *_examples.cpp compiled (-c) against tessel (the drop-in) and against CuTe (with the CUDA headers
        CUTLASS's include), the two interleaved, --repeat times each; the medians of elapsed and of CPU seconds
        (user + system of the compiler, which a loaded machine disturbs far less) and their ratios. The objects
        are then linked and run: the two outputs must be the same."""
        progs = self.select(sorted(os.path.basename(p) for p in glob.glob(os.path.join(HERE, "*_examples.cpp"))))
        bdir = os.path.join(self.out, "bin", "compile-time")
        os.makedirs(bdir, exist_ok=True)
        res = []
        for p in progs:
            cmds, times, cpus, outs, notes = {}, {}, {}, {}, {}
            for side in ("tessel", "cute"):
                inc = (["-I", COMPAT] if side == "tessel" else []) + \
                      ["-I", os.path.join(self.cutlass, "include")] + (self.cuda_include() if side == "cute" else [])
                obj = os.path.join(bdir, p[:-4] + "_" + side + ".o")
                cmds[side] = [self.cxx, "-std=c++20", "-O2", *self.a.extra_flags, *inc, "-c", os.path.join(HERE, p),
                              "-o", obj]
                times[side], cpus[side] = [], []
            for i in range(self.a.repeat):
                for side in ("tessel", "cute"):
                    if times[side] is None:
                        continue
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    rc, dt, out = run_cmd(cmds[side], os.path.join(self.out, "logs", "compile-time", f"{p}.{side}.{i}.log"))
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    if rc != 0:
                        times[side] = cpus[side] = None
                        notes[side] = "did not compile: " + first_error(out)
                        continue
                    times[side].append(dt)
                    cpus[side].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            for side in ("tessel", "cute"):
                r = Result("compile-time", f"{p} ({side})")
                r.compiled = bool(times[side])
                if r.compiled:
                    r.compile_s = statistics.median(times[side])
                    cpu = statistics.median(cpus[side])
                    exe = cmds[side][-1][:-2]
                    rc, _, _ = run_cmd([self.cxx, cmds[side][-1], "-o", exe],
                                       os.path.join(self.out, "logs", "compile-time", f"{p}.{side}.link.log"))
                    rc, _, out = run_cmd([exe], os.path.join(self.out, "logs", "compile-time", f"{p}.{side}.run.log"),
                                         timeout=self.a.run_timeout) if rc == 0 else ("link failed", 0, "")
                    outs[side] = out if rc == 0 else None
                    r.run = "ok" if rc == 0 else f"run failed rc={rc}"
                    r.verification = f"median of {len(times[side])}: {r.compile_s:.2f} s elapsed, {cpu:.2f} s CPU"
                    r.tflops = None
                    r.cpu = cpu
                else:
                    r.run, r.note = "failed", notes.get(side, "")
                res.append(r)
            if res[-1].compiled and res[-2].compiled:
                t, c = res[-2], res[-1]
                r = Result("compile-time", f"{p} (ratio)")
                same = outs.get("tessel") is not None and outs.get("tessel") == outs.get("cute")
                r.run = "ok" if same else "failed"
                r.verification = (f"tessel/cute: {t.compile_s / c.compile_s:.3f} elapsed, {t.cpu / c.cpu:.3f} CPU"
                                  + ("; same output" if same else "; OUTPUTS DIFFER (see logs/compile-time/*.run.log)"))
                res.append(r)
        return res

    # ---- driver ------------------------------------------------------------------------------
    def pool(self, files, fn):
        log(f"harness: {len(files)} files, {self.a.jobs} jobs")
        with cf.ThreadPoolExecutor(max_workers=self.a.jobs) as ex:
            futs = [ex.submit(fn, f) for f in files]
            for fu in cf.as_completed(futs):   # progress on stderr; the table follows in file order
                log("  done: " + fu.result().line())
            return [fu.result() for fu in futs]

    def main(self):
        if not os.path.isdir(os.path.join(self.cutlass, "include", "cute")):
            print(f"harness: {self.cutlass} is not a CUTLASS checkout (no include/cute)", file=sys.stderr)
            return 2
        suites = []
        for s in self.a.suite.split(","):
            suites += ALL if s == "all" else [s]
        for s in suites:
            if s not in SUITES:
                print(f"harness: unknown suite {s!r} (one of {', '.join(SUITES)}, all)", file=sys.stderr)
                return 2
        os.makedirs(self.out, exist_ok=True)
        print(f"# against {self.a.against}; CUTLASS {self.cutlass}; GPU: {'yes' if self.gpu else 'no'}; out {self.out}")
        ok = True
        for s in suites:
            res = getattr(self, "suite_" + s.replace("-", "_"))()
            self.results += res
            for r in res:
                print(r.line(), flush=True)
            ok &= self.total(s, res)
        if len(suites) > 1:
            ok &= self.total("all", self.results)
        with open(os.path.join(self.out, "summary.tsv"), "w") as f:
            f.write("\t".join(TSV_COLUMNS) + "\n")
            for r in self.results:
                f.write(r.row(self.a.against) + "\n")
        print(f"# summary: {os.path.join(self.out, 'summary.tsv')}")
        return 0 if ok else 1

    @staticmethod
    def total(name, res):
        comp = [r for r in res if r.compiled is not None]
        ncomp = sum(1 for r in comp if r.compiled)
        tests = [r for r in res if r.total is not None]
        p, t = sum(r.passed for r in tests), sum(r.total for r in tests)
        sk = sum(r.skipped for r in tests)
        fc = sum(r.failed_checks for r in tests)
        notrun = sum(1 for r in res if r.run.startswith("not run") and r.compiled is not False)
        bad = sum(1 for r in res if not r.good())
        parts = [f"TOTAL {name}:", f"files {len(res)}"]
        if comp:
            parts.append(f"compiled {ncomp}/{len(comp)}")
        if tests:
            parts.append(f"TESTs {p}/{t}")
            if sk:
                parts.append(f"skipped by the tests {sk}")
            parts.append(f"failed checks {fc}")
        if notrun:
            parts.append(f"not run {notrun}")
        parts.append(f"files failing {bad}")
        print("  ".join(parts), flush=True)
        return bad == 0


def parse_args(argv):
    p = argparse.ArgumentParser(prog="run.sh", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("cutlass", metavar="CUTLASS_DIR")
    p.add_argument("--against", choices=["tessel", "cute"], default="tessel")
    p.add_argument("--suite", default="core", help="core, tutorials, device, pycute, compile-time, all (comma-separated)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", help="build and log folder (default: $TMPDIR/tessel-cute-compat/<against>)")
    p.add_argument("--filter", help="only the files whose name matches this regular expression")
    p.add_argument("--no-run", action="store_true", help="compile only")
    p.add_argument("--reuse", action="store_true",
                   help="take the programs an earlier run built under --out (e.g. with --no-run elsewhere) as they are")
    p.add_argument("--run-timeout", type=int, default=600, help="seconds per program run (default 600)")
    p.add_argument("--repeat", type=int, default=3, help="compile-time: builds per side (default 3; the median counts)")
    p.add_argument("--pythonpath", help="pycute: the folder holding the tessel package (default: newest build*/python)")
    p.add_argument("--python", help="pycute: the interpreter (default: $TESSEL_PYTHON, /usr/bin/python3)")
    p.add_argument("--cxx", help="host compiler (default: $CXX or g++)")
    p.add_argument("--nvcc", help="CUDA compiler (default: nvcc on PATH, else $CUDA_HOME/bin/nvcc)")
    p.add_argument("--cuda-home", help="CUDA toolkit (default: $CUDA_HOME or /usr/local/cuda)")
    p.add_argument("--gtest-src", help="GoogleTest sources to build when it is not installed")
    p.add_argument("--tutorial-arch", default="sm_90", help="nvcc -arch of the non-Hopper tutorials (default sm_90)")
    p.add_argument("--tutorial-std", default="c++20",
                   help="nvcc -std of the tutorials (default c++20 for both sides: CUTLASS's CMake uses c++17, "
                        "which tessel, a C++20 library, cannot compile)")
    p.add_argument("--device-arch", default="sm_90a", help="nvcc -arch of the device tests (default sm_90a)")
    p.add_argument("--flag", dest="extra_flags", action="append", default=[], help="an extra compiler flag (repeatable)")
    return p.parse_args(argv)


if __name__ == "__main__":
    sys.exit(Harness(parse_args(sys.argv[1:])).main())
