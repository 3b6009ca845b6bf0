"""Per binary (name[:VT_FUSED]) and S: TFLOP/s by round and the per-round ratio of the baseline's time
(9m for d128 names, 11m for d256) to the candidate's; medians."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if m:
        rows[(int(m[1]), m[2], int(m[3]))] = (float(m[4]), float(m[5]))
for v, s in sorted({(v, s) for (_, v, s) in rows}, key=lambda x: (int(re.match(r'\d+', x[0])[0]), x[1], x[0])):
    base = sys.argv[2] if len(sys.argv) > 2 else re.match(r'\d+', v)[0] + 'm'
    rs = sorted(r for (r, x, y) in rows if x == v and y == s)
    tf = [rows[(r, v, s)][1] for r in rs]
    rat = [rows[(r, base, s)][0] / rows[(r, v, s)][0] for r in rs if (r, base, s) in rows]
    line = f"{v:8s} S={s:5d}: median {statistics.median(tf):6.1f} TFLOP/s [{' '.join('%.1f' % x for x in tf)}]"
    if v != base and rat:
        line += f"  speed / {base} median {statistics.median(rat):.4f} [{' '.join('%.4f' % x for x in rat)}] ahead {sum(x > 1 for x in rat)}/{len(rat)}"
    print(line)
