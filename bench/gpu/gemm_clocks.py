"""Clock and power beside the GEMM soak runs (issue 14): `sample OUT.csv` samples
the GPU's SM clock and power every 10 ms through NVML until killed; `join
OUT.csv LOG...` prints, for each "soak ... window T0 T1" line of the logs, the
mean SM clock (MHz) and power (W) of the samples inside the window (its first
20% left out as ramp-up)."""
import sys, time

if sys.argv[1] == "sample":
    import pynvml
    pynvml.nvmlInit()
    h = pynvml.nvmlDeviceGetHandleByIndex(0)
    with open(sys.argv[2], "w", buffering=1) as f:
        while True:
            t = time.time() * 1e3
            clk = pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_SM)
            pw = pynvml.nvmlDeviceGetPowerUsage(h) / 1e3
            f.write(f"{t:.1f},{clk},{pw:.1f}\n")
            time.sleep(0.01)
else:
    rows = []
    for line in open(sys.argv[2]):
        p = line.strip().split(",")
        if len(p) == 3:
            rows.append((float(p[0]), float(p[1]), float(p[2])))
    for log in sys.argv[3:]:
        for line in open(log):
            if not line.startswith("soak") or "window" not in line:
                continue
            w = line.split("window")[1].split(",")[0].split()
            t0, t1 = float(w[0]), float(w[1])
            t0 += 0.2 * (t1 - t0)
            s = [r for r in rows if t0 <= r[0] <= t1]
            head = line.split(":")[0]
            rate = line.split(",")[2].strip() if line.count(",") >= 2 else ""
            if s:
                print(f"{head:40s} {rate:>16s}  SM clock {sum(r[1] for r in s) / len(s):6.0f} MHz  power {sum(r[2] for r in s) / len(s):5.0f} W  ({len(s)} samples)")
            else:
                print(f"{head:40s} {rate:>16s}  no samples")
