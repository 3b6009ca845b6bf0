import re, sys, statistics, collections
rows = collections.defaultdict(list)
for l in open(sys.argv[1]):
    p = l.split()
    if len(p) < 3: continue
    side, f = p[0], p[1].replace("/tmp/s20c/floor/", "floor:")
    kv = dict(x.split("=") for x in p[2:] if "=" in x)
    # merge steps: cpp (all gcc -E), cudafe, cicc (all), ptxas, host (gcc3/gcc4 = host compile: the biggest non-E gcc)
    names = [x.split("=")[0] for x in p[2:] if "=" in x]
    vals = [float(x.split("=")[1]) for x in p[2:] if "=" in x]
    d = collections.Counter()
    gccs = [(n, v) for n, v in zip(names, vals) if n.startswith("cpp") or n.startswith("gcc")]
    for n, v in zip(names, vals):
        if n.startswith("cicc"): d["cicc"] += v
        elif n.startswith("ptxas"): d["ptxas"] += v
        elif n.startswith("cudafe"): d["cudafe++"] += v
        elif n == "total": d["total"] = v
    hopper = sum(1 for n in names if n.startswith("cicc")) == 2
    # order: cpp-host, cudafe, cpp-dev, cicc, [gcc3 = cpp-dev2, cicc], host cc1plus, stub gcc, link
    g = [v for n, v in gccs]
    if hopper: d["cpp"] = g[0] + g[1] + g[2]; d["host"] = g[3]; d["rest"] = sum(g[4:])
    else: d["cpp"] = g[0] + g[1]; d["host"] = g[2]; d["rest"] = sum(g[3:])
    rows[(f, side)].append(d)
keys = ["cpp", "cudafe++", "cicc", "ptxas", "host", "total"]
med = {}
for (f, side), ds in sorted(rows.items()):
    m = {k: statistics.median(d[k] for d in ds) for k in keys}
    med[(f, side)] = m
    print(f"{f:28s} {side:6s} n={len(ds)} " + " ".join(f"{k}={m[k]:.2f}" for k in keys))
print()
for f in sorted(set(f for f, s in med)):
    if ("tessel" in [s for ff, s in med if ff == f]) and (f, "cute") in med:
        t, c = med[(f, "tessel")]["total"], med[(f, "cute")]["total"]
        fl = med[("floor:nocute90a.cu" if "hopper" in f else "floor:nocute.cu", "tessel")]["total"]
        print(f"{f:28s} tessel/CuTe={t/c:.3f} floor/CuTe={fl/c:.3f} tessel-floor={t-fl:.2f} CuTe-floor={c-fl:.2f} (ratio above floor {(t-fl)/(c-fl):.3f}) needed cut for 0.5: {max(0, t-0.5*c):.2f}")
