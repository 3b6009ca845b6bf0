"""Protocol A (the table's rows in one process) against B (one row per process): per variant and S, TFLOP/s by
round (V^T pass included for FP8; kernel alone in brackets), medians, and the per-round ratio B / A."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) ([AB]) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if not m:
        continue
    k = re.search(r"kernel alone ([\d.]+)", line)
    rows[(int(m[1]), m[2], m[3], int(m[4]))] = (float(m[5]), float(m[6]), float(k[1]) if k else None)
for v in ("a2", "a9"):
    for s in (2048, 8192, 16384):
        line = f"{v} S={s:5d}:"
        for p in "AB":
            rs = sorted(r for (r, q, x, y) in rows if q == p and x == v and y == s)
            tfs = [rows[(r, p, v, s)][1] for r in rs]
            kas = [rows[(r, p, v, s)][2] for r in rs if rows[(r, p, v, s)][2]]
            if tfs:
                line += f"  {p} median {statistics.median(tfs):6.1f} [{min(tfs):.1f}-{max(tfs):.1f}]" + (f" (kernel {statistics.median(kas):.1f})" if kas else "")
        rat = [rows[(r, "A", v, s)][0] / rows[(r, "B", v, s)][0] for r in range(1, 7) if (r, "A", v, s) in rows and (r, "B", v, s) in rows]
        if rat:
            line += f"  B/A median {statistics.median(rat):.3f} [{' '.join('%.3f' % x for x in rat)}]"
        print(line)
