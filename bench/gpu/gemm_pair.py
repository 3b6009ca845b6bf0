"""tessel's Hopper GEMM and cuBLAS (torch.matmul) in one Python process, on the
same tensors, timed by the same code (torch_timing.median_ms: CUDA events around
each call, median of `reps` after 5 warm-up calls), alternated per case.

tessel is called through gemm_bench.cu built as a shared library:
  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -shared -Xcompiler -fPIC \
       -DTESSEL_GEMM_BENCH_LIB bench/gpu/gemm_bench.cu -o libgemm.so -lcuda

  python3 gemm_pair.py --lib libgemm.so [--lib-diag NAME=PATH ...] [--rounds 3] [--reps 30]
                       [--variants default,cluster2,...] [--check-only] [--no-check]
                       [--one CASE VARIANT] [--soak SECONDS --smi FILE [--soak-case I,J,...]] [--interleave CYCLES]

Variants (tessel): default (cuda::gemm's configuration and choices), cluster1
(no cluster), cluster2 (clusters of 2), bn320 (BN = 320, 3 stages), bn320c2, swzN (raster swizzle 2^N),
pp128 (the ping-pong kernel, 128 x 128 tiles per consumer warpgroup; pp128c1 / pp128c2: clusters of 1 / 2 forced),
pp64 (ping-pong, 64 x 256 per warpgroup, TN only), co128 (the cooperative kernel with 128 x 128 tiles, TN only),
cNswzL (clusters of N and the raster swizzle 2^L), sk0 / sk1 (the default configuration with GemmOptions::stream_k
0: never the stream-K tail, 1: wherever it applies; tessel_bench_gemm_sk), rr0 / rr1 (the default configuration with
GemmOptions::raster_rest 0: the padded raster, 1: its last partial group of columns a group of its own; tessel_bench_gemm_rr),
and NAME for a --lib-diag library (its default configuration; timed, not
checked: a diagnostic build). Build a --lib-diag library with -Xcompiler
-fvisibility=hidden (only tessel_bench_gemm exported): g++ emits template and
inline statics (TmaCache's entries, launch_gemm's per-device figures) as
STB_GNU_UNIQUE symbols, which the dynamic linker binds to the first library's
copy in the whole process, RTLD_LOCAL or not; a second library of default
visibility then launches its kernels with the first one's figures (the
shared-memory attribute set on the first copy's kernel only: its launches fail).
Session 15's diagnostic builds ran so beside --lib (bench/RESULTS.md). cublas is torch.matmul.

Checks (every case and tessel variant, before the timings): bit-exact on
small-integer inputs (-2, -1, 1, 2: every sum exact in fp32) against the fp32
reference rounded to the output type, and on random inputs in [-1, 1) the
relative error below 1e-2 in every 64 x 64 block (output poisoned with NaN
first). Rounds: per round, per case, every variant timed once (reps runs), the
variants' order rotated from round to round; the table gives each round's ratio
to the same round's cuBLAS and to tessel's default, and their medians. Exit 1 if
a check failed.

--interleave CYCLES (with --rounds R): per round and case, cuBLAS and the variants
called in turn, one call each, CYCLES times, all in one stream with an event between
calls (no synchronization until the case ends): every call is timed in the same
power and clock state as its neighbours, which 30 calls of one variant in a row
are not (at the H200's 700 W limit a variant timed after a cooler one runs
faster: an identical kernel under two names read 0.95-1.00x, bench/RESULTS.md,
session 12). Per cycle the ratio of a variant's call to the cycle's cuBLAS call;
the round's figure is the median of those ratios; the table gives the rounds'
figures and their median."""
import argparse
import ctypes
import json
import os
import statistics
import sys
import time

import torch

from torch_timing import interleaved_ms, median_ms  # beside this file

CASES = [
    ("TN", 4096, 4096, 4096, torch.bfloat16), ("TN", 4096, 4096, 4096, torch.float16),
    ("TN", 8192, 8192, 8192, torch.bfloat16), ("TN", 8192, 8192, 8192, torch.float16),
    ("NN", 8192, 8192, 8192, torch.bfloat16), ("NT", 8192, 8192, 8192, torch.bfloat16), ("TT", 8192, 8192, 8192, torch.bfloat16),
    ("TN", 16384, 4096, 4096, torch.bfloat16), ("TN", 16384, 11008, 4096, torch.bfloat16), ("TN", 16384, 4096, 11008, torch.bfloat16),
    ("TN", 8191, 4096, 4096, torch.bfloat16), ("TN", 8191, 8192, 8192, torch.bfloat16),
]
# Small and odd shapes, checked only: edges in M, N and K, every layout.
SMALL = [
    ("TN", 256, 512, 128, torch.bfloat16), ("TN", 129, 257, 72, torch.bfloat16), ("TN", 77, 300, 200, torch.bfloat16),
    ("NN", 200, 264, 136, torch.bfloat16), ("NT", 136, 200, 96, torch.bfloat16), ("TT", 333, 520, 64, torch.bfloat16),
    ("TN", 513, 1000, 520, torch.bfloat16), ("NT", 1000, 136, 1000, torch.bfloat16), ("TN", 129, 640, 72, torch.float16),
    ("TN", 1000, 330, 1000, torch.float16), ("TN", 1, 8, 8, torch.bfloat16),
]


def name_of(case):
    lay, M, N, K, dt = case
    return f"{'bf16' if dt == torch.bfloat16 else 'fp16'} {lay} {M}x{N}x{K}"


def operands(lay, M, N, K, dt, exact, gen):
    """A and B as gemm_torch.py makes them (torch views for matmul) and their storage (for tessel)."""
    def draw(r, c):
        if exact:  # -2, -1, 1, 2
            v = torch.randint(0, 4, (r, c), device="cuda", generator=gen)
            return (torch.where(v < 2, v - 2, v - 1)).to(dt)
        return (torch.rand(r, c, device="cuda", generator=gen) * 2 - 1).to(dt)
    a_store = draw(M, K) if lay[0] == "T" else draw(K, M)
    b_store = draw(N, K) if lay[1] == "N" else draw(K, N)
    a = a_store if lay[0] == "T" else a_store.t()
    b = b_store.t() if lay[1] == "N" else b_store
    return a, b, a_store, b_store


class Tessel:
    def __init__(self, path):
        self.lib = ctypes.CDLL(os.path.abspath(path))
        f = self.lib.tessel_bench_gemm
        f.restype = ctypes.c_int
        f.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        self.f = f
        self.f_sk = getattr(self.lib, "tessel_bench_gemm_sk", None)  # (libraries before session 19 have none)
        if self.f_sk is not None:
            self.f_sk.restype = ctypes.c_int
            self.f_sk.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                  ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]

    def fn(self, case, a_store, b_store, out, bn=0, cluster=-1, swz=-1, sk=None, rr=None):
        lay, M, N, K, dt = case
        dtype = 0 if dt == torch.bfloat16 else 1
        if rr is not None:  # the default configuration with GemmOptions::raster_rest = rr
            f = self.lib.tessel_bench_gemm_rr
            f.restype = ctypes.c_int
            f.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                          ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
            args = (dtype, lay.encode(), a_store.data_ptr(), b_store.data_ptr(), out.data_ptr(), M, N, K, cluster, swz,
                    -1 if sk is None else sk, rr, None)
        elif sk is not None:  # the default configuration with GemmOptions::stream_k = sk
            args = (dtype, lay.encode(), a_store.data_ptr(), b_store.data_ptr(), out.data_ptr(), M, N, K, cluster, swz, sk, None)
            f = self.f_sk
        else:
            args = (dtype, lay.encode(), a_store.data_ptr(), b_store.data_ptr(), out.data_ptr(), M, N, K, bn, cluster, swz, None)
            f = self.f

        def call():
            rc = f(*args)
            if rc != 0:
                raise RuntimeError(f"tessel_bench_gemm returned {rc} for {name_of(case)} bn={bn} cluster={cluster} swz={swz}")
        return call


def variant_fn(v, libs, case, a, b, a_store, b_store, out):
    if v == "cublas":
        return lambda: torch.matmul(a, b, out=out)
    if v in libs:
        return libs[v].fn(case, a_store, b_store, out)
    t = libs["tessel"]
    table = {"default": {}, "cluster1": {"cluster": 1}, "cluster2": {"cluster": 2}, "bn320": {"bn": 320}, "bn320c2": {"bn": 320, "cluster": 2},
             "pp128": {"bn": 1}, "pp128c1": {"bn": 1, "cluster": 1}, "pp128c2": {"bn": 1, "cluster": 2}, "pp64": {"bn": 2}, "co128": {"bn": 3},
             "sk0": {"sk": 0}, "sk1": {"sk": 1}, "rr0": {"rr": 0}, "rr1": {"rr": 1}, "rr1sk1": {"rr": 1, "sk": 1}}
    if v in table:
        return t.fn(case, a_store, b_store, out, **table[v])
    if v.startswith("swz"):
        return t.fn(case, a_store, b_store, out, swz=int(v[3:]))
    if v.startswith("c") and "swz" in v:  # cNswzL: clusters of N and the raster swizzle 2^L
        c, L = v[1:].split("swz")
        return t.fn(case, a_store, b_store, out, cluster=int(c), swz=int(L))
    raise SystemExit(f"unknown variant {v}")


def applicable(v, case):
    """bn320: K-major B only (TN, NN), fp16 TN only (what the library instantiates); pp64, co128: TN only."""
    if v.startswith("pp64") or v == "co128":
        return case[0] == "TN"
    return not v.startswith("bn320") or (case[0][1] == "N" and (case[4] == torch.bfloat16 or case[0] == "TN"))


def check(v, libs, case, gen):
    lay, M, N, K, dt = case
    results = []
    for exact in (True, False):
        a, b, a_store, b_store = operands(lay, M, N, K, dt, exact, gen)
        out = torch.full((M, N), float("nan"), device="cuda", dtype=dt)
        variant_fn(v, libs, case, a, b, a_store, b_store, out)()
        torch.cuda.synchronize()
        ref = torch.matmul(a.float(), b.float())  # fp32, no TF32 (torch's default for float32 matmul)
        finite = bool(torch.isfinite(out).all())
        if exact:
            wrong = int((out != ref.to(dt)).sum())
            ok = finite and wrong == 0
            results.append((ok, f"exact: {wrong} wrong, finite {finite}"))
        else:
            Mp, Np = (M + 63) // 64 * 64, (N + 63) // 64 * 64
            d = torch.zeros(Mp, Np, device="cuda")
            r = torch.zeros(Mp, Np, device="cuda")
            d[:M, :N] = out.float() - ref
            r[:M, :N] = ref
            dn = d.reshape(Mp // 64, 64, Np // 64, 64).pow(2).sum((1, 3))
            rn = r.reshape(Mp // 64, 64, Np // 64, 64).pow(2).sum((1, 3)).clamp_min(1e-30)
            worst = float((dn / rn).sqrt().max()) if finite else float("inf")
            ok = finite and worst < 1e-2
            results.append((ok, f"random: worst 64x64 block rel.err {worst:.3e}, finite {finite}"))
        del a, b, a_store, b_store, out, ref
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--lib-diag", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--variants", default="default,cluster2")
    ap.add_argument("--cases", default="")  # comma-separated indices into CASES (default: all)
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--one", nargs=2)
    ap.add_argument("--soak", type=float, default=0)
    ap.add_argument("--soak-case", default="2")  # indices into CASES, comma-separated (2: bf16 TN 8192^3)
    ap.add_argument("--smi", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--interleave", type=int, default=0)
    args = ap.parse_args()

    libs = {"tessel": Tessel(args.lib)}
    for d in args.lib_diag:
        n, p = d.split("=", 1)
        libs[n] = Tessel(p)
    variants = [v for v in args.variants.split(",") if v]
    cases = [] if args.cases == "none" else [CASES[int(i)] for i in args.cases.split(",")] if args.cases else CASES  # none: the small shapes only
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}", flush=True)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1234)

    if args.one:  # one case and variant: a warm-up call and one call (for ncu)
        case = CASES[int(args.one[0])]
        a, b, a_store, b_store = operands(*case, False, gen)
        out = torch.empty(case[1], case[2], device="cuda", dtype=case[4])
        fn = variant_fn(args.one[1], libs, case, a, b, a_store, b_store, out)
        fn(); fn()
        torch.cuda.synchronize()
        return 0

    failed = 0
    if not args.no_check:
        diag = {d.split("=", 1)[0] for d in args.lib_diag}
        checked = [v for v in variants if v != "cublas" and v not in diag]
        for case in SMALL + cases:
            for v in checked:
                if not applicable(v, case):
                    continue
                for ok, what in check(v, libs, case, gen):
                    failed += not ok
                    print(f"{'ok' if ok else 'FAIL':4s} {name_of(case):28s} {v:10s} {what}", flush=True)
        print(f"checks: {failed} failed", flush=True)
        if args.check_only:
            return 1 if failed else 0

    if args.soak > 0:  # for each case of --soak-case (CASES indices; 2: bf16 TN 8192^3), each variant back to back for `soak` seconds,
        for ci in [int(x) for x in args.soak_case.split(",")]:  # with wall-clock windows, SM clock and power from --smi
            soak(args, libs, variants, CASES[ci], gen)
    if args.rounds > 0 and args.interleave > 0:
        return interleaved(args, libs, variants, cases, gen, failed)

    if args.rounds > 0:
        data = {}  # (case name, variant) -> [TFLOP/s per round]
        tensors = []
        for case in cases:
            a, b, a_store, b_store = operands(*case, False, gen)
            out = torch.empty(case[1], case[2], device="cuda", dtype=case[4])
            tensors.append((case, a, b, a_store, b_store, out))
        allv = ["cublas"] + variants
        for r in range(args.rounds):
            order = allv[r % len(allv):] + allv[:r % len(allv)]
            for case, a, b, a_store, b_store, out in tensors:
                _, M, N, K, _ = case
                for v in order:
                    if not applicable(v, case):
                        continue
                    ms = median_ms(variant_fn(v, libs, case, a, b, a_store, b_store, out), args.reps)
                    data.setdefault((name_of(case), v), []).append(2 * M * N * K / ms / 1e9)
            print(f"round {r + 1} done", flush=True)
        print(f"\n{args.rounds} rounds of {args.reps} runs; ratio per round to the same round's cuBLAS (and to tessel's default); medians")
        print(f"{'case':28s} {'variant':10s} {'TFLOP/s':>8s}  {'/ cuBLAS per round':24s} {'median':>7s}  {'/ default':>9s}")
        for case in cases:
            cn = name_of(case)
            cb = data[(cn, "cublas")]
            df = data.get((cn, "default"))
            for v in allv:
                if (cn, v) not in data:
                    continue
                t = data[(cn, v)]
                rc = [x / y for x, y in zip(t, cb)]
                rd = [x / y for x, y in zip(t, df)] if df else None
                print(f"{cn:28s} {v:10s} {statistics.median(t):8.1f}  {' '.join(f'{x:.3f}' for x in rc):24s} {statistics.median(rc):7.3f}"
                      f"  {statistics.median(rd) if rd else float('nan'):9.3f}")
        if args.json:
            json.dump({f"{k[0]}|{k[1]}": v for k, v in data.items()}, open(args.json, "w"), indent=1)
    return 1 if failed else 0


def soak(args, libs, variants, case, gen):
    """--soak: cuBLAS, the variants, cuBLAS, each called back to back for args.soak seconds (see main)."""
    flop = 2 * case[1] * case[2] * case[3]
    a, b, a_store, b_store = operands(*case, False, gen)
    out = torch.empty(case[1], case[2], device="cuda", dtype=case[4])
    windows = []
    for v in ["cublas"] + variants + ["cublas"]:
        fn = variant_fn(v, libs, case, a, b, a_store, b_store, out)
        for _ in range(5):
            fn()
        torch.cuda.synchronize()
        time.sleep(1.0)
        n = max(20, int(args.soak * 7e14 / flop))  # calls at about 700 TFLOP/s
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        w0 = time.time()
        e0.record()
        for _ in range(n):
            fn()
        e1.record()
        e1.synchronize()
        w1 = time.time()
        ms = e0.elapsed_time(e1) / n
        windows.append((v, w0, w1, ms))
        print(f"soak {v:10s} {name_of(case)}: {n} calls, {ms:.3f} ms/call, {flop / ms / 1e9:.1f} TFLOP/s", flush=True)
    if args.smi:
        time.sleep(0.5)
        import datetime
        rows = []
        for line in open(args.smi):
            parts = [x.strip() for x in line.split(",")]
            try:
                t = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
                rows.append((t, float(parts[1].split()[0]), float(parts[2].split()[0])))
            except (ValueError, IndexError):
                continue
        for v, w0, w1, ms in windows:
            inside = [r for r in rows if w0 + 0.2 * (w1 - w0) <= r[0] <= w1]  # past the first fifth (the power reading lags)
            if inside:
                print(f"soak {v:10s} SM clock {statistics.mean(r[1] for r in inside):6.0f} MHz, power {statistics.mean(r[2] for r in inside):5.0f} W"
                      f" ({len(inside)} samples); {flop / ms / 1e9 / statistics.mean(r[1] for r in inside):.4f} TFLOP/s per MHz", flush=True)


def interleaved(args, libs, variants, cases, gen, failed):
    """--interleave: see the module's docstring."""
    allv = ["cublas"] + [v for v in variants if v != "cublas"]
    ratios = {}  # (case name, variant) -> [per-round median of the per-cycle ratios to cuBLAS]
    tflops = {}  # (case name, variant) -> [per-round median TFLOP/s]
    for r in range(args.rounds):
        for case in cases:
            _, M, N, K, _ = case
            a, b, a_store, b_store = operands(*case, False, gen)
            out = torch.empty(M, N, device="cuda", dtype=case[4])
            vs = [v for v in allv if applicable(v, case)]
            vs = vs[r % len(vs):] + vs[:r % len(vs)]  # which variant opens a cycle rotates with the round
            fns = [variant_fn(v, libs, case, a, b, a_store, b_store, out) for v in vs]
            per = dict(zip(vs, interleaved_ms(fns, args.interleave)))
            for v in vs:
                ratios.setdefault((name_of(case), v), []).append(statistics.median(cb / t for t, cb in zip(per[v], per["cublas"])))
                tflops.setdefault((name_of(case), v), []).append(2 * M * N * K / statistics.median(per[v]) / 1e9)
            del a, b, a_store, b_store, out
        print(f"round {r + 1} done", flush=True)
    print(f"\n{args.rounds} rounds of {args.interleave} interleaved cycles (cuBLAS and every variant, one call each per cycle);"
          f" per round the median over the cycles of (cuBLAS time / variant time); medians")
    print(f"{'case':28s} {'variant':10s} {'TFLOP/s':>8s}  {'/ cuBLAS per round':24s} {'median':>7s}")
    for case in cases:
        cn = name_of(case)
        for v in allv:
            if (cn, v) in ratios:
                rr = ratios[(cn, v)]
                print(f"{cn:28s} {v:10s} {statistics.median(tflops[(cn, v)]):8.1f}  {' '.join(f'{x:.3f}' for x in rr):24s} {statistics.median(rr):7.3f}")
    if args.json:
        json.dump({f"{k[0]}|{k[1]}": {"ratios": v, "tflops": tflops[k]} for k, v in ratios.items()}, open(args.json, "w"), indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
