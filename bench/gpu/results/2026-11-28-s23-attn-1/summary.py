"""Per-round ratios of each build's time to its main build's (m2 for *2*, m9 for *9*) at each S; medians."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if not m:
        continue
    r, name, s, ms, tf = int(m[1]), m[2], int(m[3]), float(m[4]), float(m[5])
    k = re.search(r"kernel alone ([\d.]+)", line)
    rows[(r, name, s)] = (ms, tf, float(k[1]) if k else None)
names = []
for (_, n, _) in rows:
    if n not in names:
        names.append(n)
for s in sorted({k[2] for k in rows}, reverse=True):
    print(f"S = {s}")
    for n in names:
        base = "m" + re.match(r"[a-z](\d+)", n)[1]
        rs = sorted({k[0] for k in rows if k[1] == n and k[2] == s})
        tfs = [rows[(r, n, s)][1] for r in rs]
        kas = [rows[(r, n, s)][2] for r in rs if rows[(r, n, s)][2]]
        rat = [rows[(r, base, s)][0] / rows[(r, n, s)][0] for r in rs if (r, base, s) in rows]
        ahead = sum(1 for x in rat if x > 1)
        print(f"  {n:7s} TFLOP/s median {statistics.median(tfs):7.1f}" + (f" (kernel {statistics.median(kas):7.1f})" if kas else "") +
              f"  ratio to {base}: median {statistics.median(rat):.3f} [{' '.join('%.3f' % x for x in rat)}] ahead {ahead}/{len(rat)}")
