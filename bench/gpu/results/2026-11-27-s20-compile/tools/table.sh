# table.sh OUT: 3 rounds; each round: floors, then every tutorial tessel then CuTe (serial)
out=$1
for r in 1 2 3; do
  python3 steps.py tessel /tmp/s20c/floor/nocute.cu >> $out
  ARCH=sm_90a python3 steps.py tessel /tmp/s20c/floor/nocute90a.cu >> $out
  for f in sgemm_1.cu sgemm_2.cu sgemm_sm70.cu sgemm_sm80.cu tiled_copy.cu tiled_copy_if.cu hopper/wgmma_sm90.cu hopper/wgmma_tma_sm90.cu; do
    for s in tessel cute; do python3 steps.py $s $f >> $out; done
  done
done
