#!/bin/bash
# Session 13, helper compat: CuTe's wgmma_tma_sm90 tutorial (unchanged) built off the GPU machine
# against CuTe (7107b05), tessel 305d66f (base) and tessel 04fd25f (new); runs alternated.
set -u
D=.cutlass/s13compat; B=$(pwd)/$D/bin; L=/tmp/l; mkdir -p $L; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader; date -u; cat $B/*.commit; } > $L/card.txt 2>&1
H=$B/d2hhash.so
V="cute tessel-new tessel-base"
for v in $V; do ldd $B/$v/wgmma_tma_sm90 | grep -i "not found" >> $L/ldd.txt; done
for t in tma_test atoms_test wgmma_test; do [ -x $B/$t ] && { timeout 60 $B/$t > $L/$t.txt 2>&1; echo "$t rc=$? $(tail -n 2 $L/$t.txt | tr '\n' ' ')" >> $L/progress.txt; }; done
for v in $V; do cuobjdump -sass $B/$v/wgmma_tma_sm90 > $L/sass.$v.txt 2>&1; done
one() { # variant round args...
  v=$1; r=$2; shift 2
  LD_PRELOAD=$H timeout 60 $B/$v/wgmma_tma_sm90 "$@" > $L/run.$v.$r.txt 2>&1; rc=$?
  gf=$(grep -o "\[ *[0-9.]*\]GFlop/s" $L/run.$v.$r.txt | tr -d '[] ' | sed 's/GFlop\/s//')
  h=$(grep "^D2H" $L/run.$v.$r.txt | sort | uniq -c | sed 's/^ *//' | tr '\n' ';')
  printf "%s\t%s\t%s\t%s\t%s\t%s\n" "$*" $r $v $rc "$gf" "$h" >> $L/runs.tsv
}
printf "args\tround\tvariant\trc\tGFlop/s\tD2H hashes\n" > $L/runs.tsv
for r in $(seq 1 12); do
  case $((r % 3)) in 0) o="cute tessel-new tessel-base";; 1) o="tessel-new tessel-base cute";; 2) o="tessel-base cute tessel-new";; esac
  for v in $o; do one $v $r; done
done
echo "default runs done $(el) s" >> $L/progress.txt
for r in 1 2; do for v in tessel-new cute; do one $v $r 8192 8192 8192; done; done
one tessel-base 1 8192 8192 8192
echo "8192 runs done $(el) s" >> $L/progress.txt
for v in $V; do timeout 30 $B/$v/atom_host > $L/atom.$v.txt 2>&1; echo "rc=$?" >> $L/atom.$v.txt; done
echo "atom_host done $(el) s" >> $L/progress.txt
for v in cute tessel-new; do
  timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:gemm_device --launch-skip 2 --launch-count 8 $B/$v/wgmma_tma_sm90 > $L/ncu.$v.txt 2>&1; echo "rc=$?" >> $L/ncu.$v.txt
done
echo "ncu done $(el) s" >> $L/progress.txt
tar czf $OUT/s13compat.tgz -C /tmp l
cat $L/progress.txt; awk -F'\t' 'NR>1 && $1=="" {print $3, $5}' $L/runs.tsv | sort | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k ":" a[k]}'
grep -h "gpu__time_duration" $L/ncu.*.txt | head -20; grep -h "pair" $L/atom.*.txt
