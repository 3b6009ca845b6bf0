#!/usr/bin/env python3
"""CuTe's tutorials built both ways, run alternately on a GPU: result hashes and speed per round.

    tests/cute_compat/tutorial_rounds.py TESSEL_OUT CUTE_OUT [--rounds N] [--timed sgemm_sm80,wgmma_tma_sm90]
                                         [--tsv FILE]

TESSEL_OUT and CUTE_OUT are the --out folders of two harness runs of the tutorials suite (run.sh
CUTLASS --against tessel|cute --suite tutorials [--no-run]): their bin/tutorials/ hold the builds,
linked with -cudart shared, and d2h_hash.so (d2h_hash.c). Every tutorial is run once per side under
its side's d2h_hash.so, tessel's build first; the --timed ones (by default the two GEMM tutorials,
whose figure the issue compares) --rounds times, the two builds alternated, so that both see the
same clock state. Per run: exit status, GFlop/s (the tutorial's last "[ x ]GFlop/s"), the result hash
(one FNV-1a over the D2H lines, as harness.py) and the verification lines it prints. Then one line
per tutorial: the hashes the same or not, the per-round speed ratios tessel / CuTe and their median.
Exit status 0 when every tutorial ran on both sides with the same hash, 1 otherwise.
"""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import TUTORIAL_ARGS, d2h_lines, result_hash, tutorial_gflops, verification_lines  # noqa: E402  (as the harness parses them)


def run_one(out_dir, tutorial, timeout):
    bdir = os.path.join(out_dir, "bin", "tutorials")
    exe, pre = os.path.join(bdir, tutorial), os.path.join(bdir, "d2h_hash.so")
    if not os.access(exe, os.X_OK):
        return {"rc": "not built", "gflops": None, "hash": "-", "ver": ""}
    env = dict(os.environ, LD_PRELOAD=pre) if os.path.exists(pre) else None
    try:
        p = subprocess.run([exe, *TUTORIAL_ARGS.get(os.path.basename(tutorial) + ".cu", [])], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        rc, out = p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out = "timeout", ""
    d2h = d2h_lines(out)
    return {"rc": rc, "gflops": tutorial_gflops(out), "hash": f"{result_hash(d2h)}/{len(d2h)}" if d2h else "-",
            "ver": "; ".join(verification_lines(out))[:120]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tessel_out")
    ap.add_argument("cute_out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--timed", default="sgemm_sm80,hopper/wgmma_tma_sm90")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--tsv", help="one row per run")
    a = ap.parse_args()
    found = set()
    for side in (a.tessel_out, a.cute_out):
        base = os.path.join(side, "bin", "tutorials")
        for root, _, files in os.walk(base):
            for f in files:
                path = os.path.join(root, f)
                if os.access(path, os.X_OK) and not f.endswith(".so"):
                    found.add(os.path.relpath(path, base))
    tutorials = sorted(found)
    if not tutorials:
        sys.exit(f"tutorial_rounds: no tutorial binaries under {a.tessel_out}/bin/tutorials or {a.cute_out}/bin/tutorials")
    timed = set(a.timed.split(",")) if a.timed else set()
    rows, good = [], True
    for t in tutorials:
        runs = []
        for r in range(1, (a.rounds if t in timed else 1) + 1):
            pair = {side: run_one(d, t, a.timeout) for side, d in (("tessel", a.tessel_out), ("cute", a.cute_out))}
            runs.append(pair)
            for side in ("tessel", "cute"):
                x = pair[side]
                rows.append((t, r, side, x["rc"], "" if x["gflops"] is None else f"{x['gflops']:.1f}", x["hash"], x["ver"]))
        hashes = {side: {p[side]["hash"] for p in runs} for side in ("tessel", "cute")}
        ran = all(p[s]["rc"] == 0 for p in runs for s in ("tessel", "cute"))
        same = ran and len(hashes["tessel"]) == 1 and hashes["tessel"] == hashes["cute"] and "-" not in hashes["tessel"]
        good &= same
        ratios = [p["tessel"]["gflops"] / p["cute"]["gflops"] for p in runs if p["tessel"]["gflops"] and p["cute"]["gflops"]]
        speed = (" speed tessel/cute " + " ".join(f"{x:.3f}" for x in ratios) + f" (median {statistics.median(ratios):.3f})"
                 if ratios else "")
        print(f"{t:<24} {'same' if same else 'DIFFERENT'} result hash {sorted(hashes['tessel'])[0]}"
              f"{'' if same else ' vs ' + sorted(hashes['cute'])[0]}{speed}")
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("tutorial\tround\tvariant\trc\tGFlop/s\thash/copies\tverification\n")
            for row in rows:
                f.write("\t".join(str(x) for x in row) + "\n")
    print(f"result hashes: {len(tutorials)} tutorials, {'all the same both ways' if good else 'NOT all the same'}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
