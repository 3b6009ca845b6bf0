"""Per variant and S: TFLOP/s by round (with the V^T pass where there is one) and the per-round ratio of main's
(o9) time to each candidate's of the same round; medians."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if m:
        rows[(int(m[1]), m[2], int(m[3]))] = (float(m[4]), float(m[5]))
for v, s in sorted({(v, s) for (_, v, s) in rows}, key=lambda x: (x[1], x[0])):
    rs = sorted(r for (r, x, y) in rows if x == v and y == s)
    tf = [rows[(r, v, s)][1] for r in rs]
    rat = [rows[(r, "o9", s)][0] / rows[(r, v, s)][0] for r in rs if (r, "o9", s) in rows]
    line = f"{v:4s} S={s:5d}: median {statistics.median(tf):6.1f} TFLOP/s [{' '.join('%.1f' % x for x in tf)}]"
    if v != "o9" and rat:
        line += f"  speed / o9 median {statistics.median(rat):.4f} [{' '.join('%.4f' % x for x in rat)}] ahead {sum(x > 1 for x in rat)}/{len(rat)}"
    print(line)
