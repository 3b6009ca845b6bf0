"""Summary of the GEMM rounds of tests/cuda/run_gpu_session.sh: tessel and cuBLAS
alternated, each round one `gemm_bench --time-only --reps 30` (tessel) and one
`gemm_torch.py` (cuBLAS through torch.matmul, median of 30) on the same card.

  python3 gemm_rounds.py tessel_round1.txt cublas_round1.txt tessel_round2.txt cublas_round2.txt ...
  python3 gemm_rounds.py --ref-tessel new_round1.txt old_round1.txt ...   (two tessel builds: every case against the same case)

For every case of the bench: per round, tessel's TFLOP/s over cuBLAS's; the table
gives each round's ratio and their median. Variants of a case (identity raster,
clusters of 2, the direct epilogue) are given against tessel's default kernel of
the same round. Exit 0 (figures, not a test)."""
import re
import statistics
import sys

TIME = re.compile(r"^time (\S+)->(\S+) (\S\S) M=(\d+) N=(\d+) K=(\d+)(.*?)\s+median\s+([\d.]+) ms\s+([\d.]+) TFLOP/s")
CUBLAS = re.compile(r"^cublas (\S+) (\S\S) M=(\d+) N=(\d+) K=(\d+)\s+median\s+([\d.]+) ms\s+([\d.]+) TFLOP/s")


def read_tessel(path):
    out = {}
    for line in open(path):
        m = TIME.match(line)
        if m and m.group(1) == m.group(2):
            key = (m.group(1), m.group(3), int(m.group(4)), int(m.group(5)), int(m.group(6)))
            out[(key, m.group(7).strip())] = float(m.group(9))
    return out


def read_cublas(path):
    out = {}
    for line in open(path):
        m = CUBLAS.match(line)
        if m:
            out[(m.group(1), m.group(2), int(m.group(3)), int(m.group(4)), int(m.group(5)))] = float(m.group(7))
    return out


def main(paths):
    ref_tessel = paths and paths[0] == "--ref-tessel"
    if ref_tessel:
        paths = paths[1:]
    rounds = [(read_tessel(paths[i]), read_tessel(paths[i + 1]) if ref_tessel else read_cublas(paths[i + 1])) for i in range(0, len(paths) - 1, 2)]
    keys = []
    for t, _ in rounds:
        for k in t:
            if k not in keys:
                keys.append(k)
    print(f"{len(rounds)} rounds; per round: tessel TFLOP/s / reference TFLOP/s; median of the rounds' ratios")
    print(f"{'case':52s} {'reference':14s} " + " ".join(f"{'r' + str(i + 1):>6s}" for i in range(len(rounds))) + "  median   TFLOP/s: case / reference (medians)")
    for key, variant in keys:
        name = f"{key[0]} {key[1]} {key[2]}x{key[3]}x{key[4]}" + (f" {variant}" if variant else "")
        ratios, tv, cv = [], [], []
        for t, c in rounds:
            if (key, variant) not in t:
                continue
            ref = c.get((key, variant)) if ref_tessel else c.get(key) if not variant else t.get((key, ""))
            if ref:
                ratios.append(t[(key, variant)] / ref)
                tv.append(t[(key, variant)])
                cv.append(ref)
        if not ratios:
            continue
        what = "the other build" if ref_tessel else "cuBLAS" if not variant else "tessel default"
        print(f"{name:52s} {what:14s} " + " ".join(f"{r:6.3f}" for r in ratios) + f"  {statistics.median(ratios):6.3f}"
              f"   {statistics.median(tv):6.1f} / {statistics.median(cv):6.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
