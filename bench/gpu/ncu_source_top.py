"""The hottest SASS instructions of an Nsight Compute source page: reads the CSV
of `ncu --import R --page source --csv --print-source sass` and prints its
columns, the totals of the numeric ones, then the N instructions with the most
warp-stall samples (the column whose name holds "Sampling" and "All", else the
first with "Sampling"), each with its address, its SASS text, its samples and
its share of all samples, and the instructions around the 3 hottest.
  python3 ncu_source_top.py src.csv [N]"""
import csv
import sys


def num(x):
    try:
        return float(x.replace(",", ""))
    except (ValueError, AttributeError):
        return None


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    with open(path, newline="") as f:
        lines = [l for l in f if l.strip() and not l.startswith("==")]
    rows = list(csv.reader(lines))
    # the header: the first row naming a Source or Address column
    h = next((i for i, r in enumerate(rows) if any(c.strip() in ("Source", "Address") for c in r)), None)
    if h is None:
        print("no header found; first rows:", rows[:3])
        return
    head, body = rows[h], [r for r in rows[h + 1:] if len(r) == len(rows[h])]
    print("columns:", " | ".join(head))
    src = next(i for i, c in enumerate(head) if c.strip() == "Source")
    addr = next((i for i, c in enumerate(head) if c.strip() == "Address"), None)
    samp = [i for i, c in enumerate(head) if "Sampling" in c]
    key = next((i for i in samp if "All" in head[i]), samp[0] if samp else None)
    numeric = [i for i in range(len(head)) if i not in (src, addr) and any(num(r[i]) is not None for r in body[:50])]
    print("instructions:", len(body))
    for i in numeric:
        print(f"total {head[i]}: {sum(num(r[i]) or 0 for r in body):.0f}")
    if key is None:
        print("no sampling column")
        return
    total = sum(num(r[key]) or 0 for r in body) or 1.0
    order = sorted(range(len(body)), key=lambda j: -(num(body[j][key]) or 0))
    print(f"\nthe {top} instructions with the most '{head[key]}' samples:")
    for j in order[:top]:
        r = body[j]
        extra = " ".join(f"{head[i]}={r[i]}" for i in samp if i != key)
        print(f"{r[addr] if addr is not None else j:>8} {num(r[key]) or 0:8.0f} {100 * (num(r[key]) or 0) / total:5.1f}%  {r[src].strip()[:70]:70} {extra}")
    for j in order[:3]:
        print(f"\naround {body[j][addr] if addr is not None else j}:")
        for k in range(max(0, j - 12), min(len(body), j + 6)):
            print(f"  {'>' if k == j else ' '} {body[k][addr] if addr is not None else k:>8} {num(body[k][key]) or 0:7.0f}  {body[k][src].strip()[:90]}")


if __name__ == "__main__":
    main()
