# Per variant and S: the median TFLOP/s over rounds (V^T pass included; kernel alone), the per-round ratio to the base
# variant of the same round (the leading number: 9, 11, 12) and its median.
import re, sys, statistics as st, collections
d = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    m = re.match(r'r(\d) (\w+) .*S=(\d+).*?([\d.]+) TFLOP/s \(median', l)
    k = re.search(r'kernel alone ([\d.]+)', l)
    if m: d[(m.group(2), int(m.group(3)))][int(m.group(1))] = (float(m.group(4)), float(k.group(1)) if k else 0.0)
for (v, S) in sorted(d, key=lambda x: (int(re.match(r'\d+', x[0]).group(0)), x[0], x[1])):
    base = re.match(r'\d+', v).group(0)
    r = d[(v, S)]; b = d.get((base, S), {})
    rs = [r[i][0] / b[i][0] for i in sorted(r) if i in b]
    ks = [r[i][1] / b[i][1] for i in sorted(r) if i in b and b[i][1] > 0]
    print(f"{v:>6} S={S:>5}: {st.median(x[0] for x in r.values()):7.1f} TFLOP/s (kernel alone {st.median(x[1] for x in r.values()):7.1f}); "
          f"rounds {' '.join('%.1f' % r[i][0] for i in sorted(r))}; ratio to {base} {' '.join('%.3f' % x for x in rs)} [{st.median(rs):.3f}]"
          + (f", kernel alone [{st.median(ks):.3f}]" if ks else ""))
