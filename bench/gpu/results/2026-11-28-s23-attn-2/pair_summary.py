"""Summary of attention_pair.py output: per row, each library's per-round ratio to cuDNN, the median, its TFLOP/s
(median over rounds), and the per-round differences to the first library.  python3 pair_summary.py pair.txt"""
import re
import sys
from collections import defaultdict

ratio, tf, cud, order, rows = defaultdict(list), defaultdict(list), defaultdict(list), [], []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair (d\d+ S=\d+) .*?(non-causal|causal): (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m:
        continue
    row = f"{m.group(1)} {m.group(2)}"
    if row not in rows:
        rows.append(row)
    cud[row].append(float(m.group(4)))
    for part in m.group(3).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms ([0-9.]+) TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[row, n.group(1)].append(float(n.group(3)))
            tf[row, n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order:
                order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
for row in rows:
    names = [n for n in order if (row, n) in ratio]
    print(f"{row}: cuDNN {min(cud[row]):.0f}-{max(cud[row]):.0f} TFLOP/s (median {med(cud[row]):.1f})")
    for n in names:
        print(f"  {n:6s} " + " ".join(f"{x:.3f}" for x in ratio[row, n]) + f"  [{med(ratio[row, n]):.3f}]  TFLOP/s {med(tf[row, n]):.1f}")
    for n in names[1:]:
        dv = [a - b for a, b in zip(ratio[row, n], ratio[row, names[0]])]
        print(f"  {n} - {names[0]}: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
