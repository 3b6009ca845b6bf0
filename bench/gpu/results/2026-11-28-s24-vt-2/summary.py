"""Per variant and S: TFLOP/s by round (V^T pass included), the V^T pass alone (ms, GB/s), and the per-round
ratio of each candidate's time to main's (m9 / m11) of the same round; medians."""
import re, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d+) (\S+) .*? S=(\d+) .*?: ([\d.]+) ms, ([\d.]+) TFLOP/s", line)
    if not m:
        continue
    vt = re.search(r"V\^T pass ([\d.]+) ms \([\d.]+%, (\d+) GB/s\)", line)
    rows[(int(m[1]), m[2], int(m[3]))] = (float(m[4]), float(m[5]), (float(vt[1]), int(vt[2])) if vt else None)
names = sorted({(v, s) for (_, v, s) in rows}, key=lambda x: (x[1], x[0]))
for v, s in names:
    rs = sorted(r for (r, x, y) in rows if x == v and y == s)
    tf = [rows[(r, v, s)][1] for r in rs]
    vts = [rows[(r, v, s)][2] for r in rs if rows[(r, v, s)][2]]
    ref = "m11" if "11" in v else "m9"
    rat = [rows[(r, ref, s)][0] / rows[(r, v, s)][0] for r in rs if (r, ref, s) in rows]
    line = f"{v:5s} S={s:5d}: median {statistics.median(tf):6.1f} TFLOP/s [{' '.join('%.1f' % x for x in tf)}]"
    if vts:
        line += f"  V^T {statistics.median(x[0] for x in vts):.4f} ms {statistics.median(x[1] for x in vts):.0f} GB/s"
    if v != ref and rat:
        line += f"  speed / {ref} median {statistics.median(rat):.4f} [{' '.join('%.4f' % x for x in rat)}], {sum(x > 1 for x in rat)}/{len(rat)} ahead"
    print(line)
