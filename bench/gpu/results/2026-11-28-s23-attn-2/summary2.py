"""Per-round ratios of each build's time to main's build of the same variant (mNb) at each S (one shape per
process); medians, rounds ahead."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if not m:
        continue
    k = re.search(r"kernel alone ([\d.]+)", line)
    rows[(int(m[1]), m[2], int(m[3]))] = (float(m[4]), float(m[5]), float(k[1]) if k else None)
names = []
for (_, n, _) in rows:
    if n not in names:
        names.append(n)
for s in sorted({k[2] for k in rows}, reverse=True):
    print(f"S = {s}")
    for n in names:
        rs = sorted(r for (r, x, y) in rows if x == n and y == s)
        if not rs:
            continue
        base = "m" + re.match(r"[a-z](\d+)", n)[1] + "b"
        tfs = [rows[(r, n, s)][1] for r in rs]
        kas = [rows[(r, n, s)][2] for r in rs if rows[(r, n, s)][2]]
        rat = [rows[(r, base, s)][0] / rows[(r, n, s)][0] for r in rs if (r, base, s) in rows]
        if not rat:
            rat = [float("nan")]
        print(f"  {n:5s} TFLOP/s median {statistics.median(tfs):7.1f} [{min(tfs):.1f}-{max(tfs):.1f}]" +
              (f" (kernel {statistics.median(kas):.1f})" if kas else "") +
              f"  /{base}: median {statistics.median(rat):.3f} [{' '.join('%.3f' % x for x in rat)}] ahead {sum(x > 1 for x in rat)}/{len(rat)}")
