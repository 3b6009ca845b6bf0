#!/usr/bin/env bash
# CLI tests of `tessel`: outputs, exit codes and caret positions.
# usage: tests/cli/run.sh path/to/tessel
set -u
T=${1:?usage: run.sh path/to/tessel}
fails=0 n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect STATUS EXPECTED_STDOUT -- ARGS...: exact stdout and exit status.
expect() {
  local want_rc=$1 want_out=$2; shift 3
  local out rc
  out=$("$T" "$@" 2>"$tmp/err"); rc=$?
  n=$((n + 1))
  if [ "$rc" != "$want_rc" ] || [ "$out" != "$want_out" ]; then
    fails=$((fails + 1))
    printf 'FAIL: tessel %s\n  status %s (want %s)\n  stdout: %s\n  want:   %s\n  stderr: %s\n' \
      "$*" "$rc" "$want_rc" "$out" "$want_out" "$(cat "$tmp/err")"
  fi
}
# expect_err STATUS PATTERN -- ARGS...: exit status, and stderr matches the grep -E pattern.
expect_err() {
  local want_rc=$1 pat=$2; shift 3
  local rc
  "$T" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  n=$((n + 1))
  if [ "$rc" != "$want_rc" ] || ! grep -Eq -- "$pat" "$tmp/err"; then
    fails=$((fails + 1))
    printf 'FAIL: tessel %s\n  status %s (want %s)\n  stderr: %s\n  want pattern: %s\n' \
      "$*" "$rc" "$want_rc" "$(cat "$tmp/err")" "$pat"
  fi
}
# caret EXPR COLUMN: a syntax error (status 2) with the caret under character COLUMN (0-based).
caret() {
  local expr=$1 col=$2 rc
  "$T" eval "$expr" >/dev/null 2>"$tmp/err"; rc=$?
  n=$((n + 1))
  local line2 line3
  line2=$(sed -n 2p "$tmp/err"); line3=$(sed -n 3p "$tmp/err")
  local want="  $(printf '%*s' "$col" '')^"
  if [ "$rc" != 2 ] || [ "$line2" != "  $expr" ] || [ "$line3" != "$want" ]; then
    fails=$((fails + 1))
    printf 'FAIL: caret for %s at %s (status %s)\n%s\n' "$expr" "$col" "$rc" "$(cat "$tmp/err")"
  fi
}

# ---- eval ---------------------------------------------------------------------
expect 0 '(_3,_10,_2):(_280,_14,_1)' -- eval 'composition((2,6,10,14):(840,140,14,1),60:4)'
expect 0 '(_3,_2):(_2,_12)' -- eval 'complement((2,2):(1,6),24)'
expect 0 $'_8:_1\n(_24,_210):(_1,_24)' -- eval 'coalesce((2,4):(1,2))' 'coalesce(((2,(3,4)),(5,(6,7))):((1,(2,6)),(24,(120,720))),(1,1))'
expect 0 '((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))' -- eval 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)'
expect 0 '_20' -- eval 'size((5,4):(4,2))'
expect 0 '_20' -- eval 'size( ( 5 , 4 ) : ( 4 , 2 ) )'
expect 0 '_12' -- eval '_12'
expect 0 '_12' -- eval '12'
expect_err 3 'stride divisibility' -- eval 'composition((4,6,8):(2,3,5),6:3)'
expect_err 3 'overlap' -- eval 'composition((6,2):(1,7),(3,2):(2,3))'
expect 0 '_1:_0' -- eval 'complement((2,2):(1,3))'  # outside the chain: CuTe's R meets the postconditions
expect_err 3 'postcondition 3' -- eval 'complement((4,6):(1,6),72)'
expect_err 3 'integer overflow' -- eval 'size((4294967296,4294967296,4294967296))'
expect_err 3 'integer overflow' -- eval 'cosize((9223372036854775807,2):(2,2))'
expect_err 3 'integer overflow' -- eval '99999999999999999999'
expect_err 3 'zero or negative' -- eval 'composition((0,2):(1,2),4:1)'
expect_err 3 'zero or negative' -- eval 'logical_divide(8:1,0:1)'
expect_err 2 "unknown function 'foo'" -- eval 'foo(1)'
expect_err 2 'takes 2 arguments' -- eval 'composition(8:1)'
expect_err 2 'nested brackets' -- eval "$(printf '(%.0s' {1..100})1"
# The first failing expression sets the status; the others still print.
expect 3 '_8:_1' -- eval 'composition((4,6,8):(2,3,5),6:3)' 'coalesce((2,4):(1,2))'

# ---- shape, stride, get, select, take, flatten, group, append, prepend --------------
# Layouts stay layouts (strides carried along), IntTuples stay IntTuples;
# integers parsed from text are static, so results print as CuTe's static ones.
H='((2,2),3):((1,2),4)'
expect 0 '((_2,_2),_3)' -- eval "shape($H)"
expect 0 '((_1,_2),_4)' -- eval "stride($H)"
expect 0 '(_2,_2)' -- eval "shape($H,0)"
expect 0 '_2' -- eval "stride($H,0,1)"
expect 0 '_8' -- eval 'shape(8)'
expect 0 '(_1,_4)' -- eval 'stride((4,8))'
expect 0 '(_2,_2):(_1,_2)' -- eval "get($H,0)"
expect 0 '_2:_2' -- eval "get($H,0,1)"
expect 0 '(_3,_4)' -- eval 'get((2,(3,4)),1)'
expect 0 '_3' -- eval 'get((2,(3,4)),1,0)'
expect 0 '_12' -- eval 'get(12,0)'
expect 0 '_8:_2' -- eval 'get(8:2,0)'
expect 0 '(_3,_7):(_2,_30)' -- eval 'select((2,3,5,7):(1,2,6,30),1,3)'
expect 0 '(_5):(_6)' -- eval 'select((2,3,5,7):(1,2,6,30),2)'
expect 0 '(_3,(_2,_2)):(_4,(_1,_2))' -- eval "select($H,1,0)"
expect 0 '(_5,_5)' -- eval 'select((2,3,5),2,2)'
expect 0 '(_3,_5):(_2,_6)' -- eval 'take((2,3,5,7):(1,2,6,30),1,3)'
expect 0 '(_3)' -- eval 'take((2,3,5,7),1,2)'
expect 0 '(_8):(_2)' -- eval 'take(8:2,0,1)'
expect 0 '(_2,_2,_3):(_1,_2,_4)' -- eval "flatten($H)"
expect 0 '(_2,_3,_4)' -- eval 'flatten((2,(3,4)))'
expect 0 '_8:_2' -- eval 'flatten(8:2)'
expect 0 '(_2,(_3,_5),_7):(_1,(_2,_6),_30)' -- eval 'group((2,3,5,7):(1,2,6,30),1,3)'
expect 0 '((_2,_3,_5,_7))' -- eval 'group((2,3,5,7),0,4)'
expect 0 '(((_2,_2),_3)):(((_1,_2),_4))' -- eval "group($H,0,2)"
expect 0 '(_2,_3,_4):(_1,_2,_6)' -- eval 'append((2,3):(1,2),4:6)'
expect 0 '(_2,_3,_1):(_1,_2,_0)' -- eval 'append((2,3):(1,2))'
expect 0 '(_2,_3,(_4,_5))' -- eval 'append((2,3),(4,5))'
expect 0 '(_2,(_3,_4))' -- eval 'append(2,(3,4))'
expect 0 '(_5,(_2,_2),_3):(_7,(_1,_2),_4)' -- eval "prepend($H,5:7)"
expect 0 '(_4,_2,_3)' -- eval 'prepend((2,3),4)'
expect 0 '(_2,_3,_4):(_1,_2,_6)' -- eval 'append((2,3),4:6)'   # a layout makes both layouts
expect 0 '_12' -- eval 'size(get((2,(3,4)),1))'
expect_err 3 'get: index out of range \[index 2, 2 modes there\]' -- eval 'get((2,3),2)'
expect_err 3 'get: index out of range \[index -1, 2 modes there\]' -- eval 'get((2,3),-1)'
expect_err 3 'get: index out of range \[index 1, 1 mode there\]' -- eval 'get(8:1,1)'
expect_err 3 'get: index out of range \[index 2, 2 modes there\]' -- eval "get($H,0,2)"
expect_err 3 'stride: index out of range' -- eval 'stride(8:1,3)'
expect_err 3 'select: index out of range \[index 5, 2 modes there\]' -- eval 'select((2,3),0,5)'
expect_err 3 'take: the range of modes is empty.*\[begin 1, end 1\]' -- eval 'take((2,3,4),1,1)'
expect_err 3 'take: the range of modes ends past the last mode \[end 5, rank 3\]' -- eval 'take((2,3,4),2,5)'
expect_err 3 'take: index out of range \[index -1' -- eval 'take((2,3,4),-1,2)'
expect_err 3 'group: the range of modes is empty' -- eval 'group((2,3),1,0)'
expect_err 2 'get: takes a value and at least one index' -- eval 'get((2,3))'
expect_err 2 'get: expected an integer index' -- eval 'get((2,3),(1,0))'
expect_err 2 'select: expected an integer index' -- eval 'select((2,3),0:1)'
expect_err 2 'flatten: takes 1 argument' -- eval 'flatten((2,3),1)'
expect_err 2 'take: takes 3 arguments' -- eval 'take((2,3),1)'
expect_err 2 'append: takes 2 arguments' -- eval 'append((2,3))'
expect_err 2 'get: expected a layout, an IntTuple or an integer' -- eval 'get(<2:1>,0)'
expect_err 2 'expected a layout, an IntTuple or an integer' -- eval 'shape(_)'

# ---- idx2crd, crd2idx, evaluation L(c) ----------------------------------------------
expect 0 '(_1,(_1,_2))' -- eval 'idx2crd(16,(3,(2,3)))'
expect 0 '((_1,_1),(_3,_1),(_1,_2))' -- eval 'idx2crd(191,((2,2),(4,2),(2,3)))'
expect 0 '(_1,(_1,_2))' -- eval 'idx2crd((1,5),(3,(2,3)))'
expect 0 '(_1,_4)' -- eval 'idx2crd(13,(3,4))'               # past the end: the last mode keeps the quotient
expect 0 '(_-1,_0)' -- eval 'idx2crd(-1,(3,4))'              # C++ (and CuTe) division: truncation
expect 0 '_7' -- eval 'idx2crd(7,8)'
expect 0 '(_2,(_1,_1))' -- eval 'idx2crd(16,(3,(2,3)),(3,(12,1)))'  # (i / d) % s in every mode
expect 0 '(_1,_0)' -- eval 'idx2crd(13,(3,4),(1,3))'         # wraps in every mode
expect 0 '(_1,(_1,_2))' -- eval 'idx2crd(16,(3,(2,3)),1)'     # integer stride: compact strides from it
expect 0 '(_0,_1)' -- eval 'idx2crd(5,(1,4),(0,1))'          # a static size-1 mode is _0, no division
expect 0 '_17' -- eval 'crd2idx(16,(3,(2,3)),(3,(12,1)))'
expect 0 '_17' -- eval 'crd2idx((1,5),(3,(2,3)),(3,(12,1)))'
expect 0 '_17' -- eval 'crd2idx((1,(1,2)),(3,(2,3)),(3,(12,1)))'
expect 0 '_16' -- eval 'crd2idx((1,(1,2)),(3,(2,3)))'
expect 0 '_5' -- eval 'crd2idx(5,(2,3))'
expect 0 '_6' -- eval 'crd2idx((1,2),(3,4):(4,1))'
expect 0 '_-1' -- eval 'crd2idx((-1,0),(3,4))'
expect 0 '_9' -- eval '(3,4):(4,1)(2,1)'
expect 0 '_9' -- eval '(3,4):(4,1) (2,1)'
expect 0 '_9' -- eval '(3,4):(4,1)((2,1))'
expect 0 '_2' -- eval '(3,4):(4,1)(6)'                       # 6 = (0,2)
expect 0 '_4' -- eval '(3,4):(4,1)(12)'                      # past the end, along the last mode
expect 0 '_-4' -- eval '(3,4):(4,1)(-1)'
expect 0 '_11' -- eval "$H((1,1),2)"
expect 0 '_11' -- eval "$H(11)"
expect 0 '_11' -- eval "$H(3,2)"                             # an integer for mode 0's tuple
expect 0 '_5' -- eval '(3,4)(2,1)'                            # an IntTuple: its compact layout
expect 0 '_5' -- eval 'composition((4,6):(1,4),(2,3):(3,1))(5)'
expect 0 '_10' -- eval 'get((2,(3,4)):(1,(2,6)),1)(5)'
expect 0 '_5' -- eval 'make_layout(2:1,3:2)(1,2)'
expect 0 '_3' -- eval '8:1(idx2crd(3,4))'
expect 0 '_1' -- eval '(2,3):(1,2)(0,1)(1)'                   # _2 evaluated as the layout 2:1
expect_err 3 'idx2crd: the coordinate.s rank differs from the shape.s rank \[2 vs 3\]' -- eval 'idx2crd((1,2),(3,4,5))'
expect_err 3 'idx2crd: the coordinate has a tuple where the shape has an integer' -- eval 'idx2crd((1,2),8)'
expect_err 3 'idx2crd: a shape entry is zero or negative' -- eval 'idx2crd(5,(2,0))'
expect_err 3 'idx2crd: a mode of size > 1 has stride 0' -- eval 'idx2crd(5,(2,2),(0,1))'
expect_err 3 'idx2crd: the shape and the stride are not congruent' -- eval 'idx2crd(5,(2,2),(1,2,3))'
expect_err 3 'crd2idx: the coordinate.s rank differs from the shape.s rank \[3 vs 2\]' -- eval 'crd2idx((1,2,3),(3,4):(4,1))'
expect_err 3 'crd2idx: the shape and the stride are not congruent' -- eval 'crd2idx(1,(2,2),4)'
expect_err 3 'evaluation: the coordinate.s rank differs from the shape.s rank \[3 vs 2\]' -- eval '(3,4):(4,1)((1,2,3))'
expect_err 3 'evaluation: the coordinate.s rank differs' -- eval '(3,4):(4,1)(1,2,3)'
expect_err 3 'evaluation: the coordinate has a tuple where the shape has an integer \[a tuple of 2 where the shape has 8\]' -- eval '8:1((1,2))'
expect_err 3 'evaluation: integer overflow' -- eval '(2,2):(9223372036854775807,2)(2,0)'
expect_err 2 'evaluation: takes a coordinate' -- eval '(3,4):(4,1)()'
expect_err 2 'evaluation: expected a coordinate' -- eval '(3,4):(4,1)(2:1)'
expect_err 2 'evaluation: expected a coordinate' -- eval '(3,4):(4,1)(_)'
expect_err 2 'crd2idx: takes 2 or 3 arguments' -- eval 'crd2idx(1,(2,2),(1,2),3)'
expect_err 2 'crd2idx: the layout already has its stride' -- eval 'crd2idx(1,(2,2):(1,2),(1,2))'
expect_err 2 'idx2crd: expected a shape' -- eval 'idx2crd(1,(2,2):(1,2))'
expect_err 2 'nested calls and evaluations' -- eval "8:1$(printf '(0)%.0s' {1..129})"
expect_err 2 'nested calls and evaluations' -- eval "$(printf 'get(%.0s' {1..30})8$(printf ',0)(0)(0)(0)(0)%.0s' {1..30})"
expect 0 '_9' -- eval "8:1$(printf '(9)%.0s' {1..128})"   # 9 evaluated as the layout 9:1, 128 times
# make_layout as CuTe: a shape alone is its compact layout (static size-1 modes get _0),
# a shape and a stride make shape:stride, layouts become the modes.
expect 0 '(_2,_1):(_1,_0)' -- eval 'make_layout((2,1))'
expect 0 '(_2,_1):(_3,_1)' -- eval 'make_layout((2,1),(3,1))'
expect 0 '(_2,(_3,_4)):(_1,(_1,_3))' -- eval 'make_layout(2:1,(3,4))'
expect_err 3 'make_layout: the shape and the stride are not congruent' -- eval 'make_layout((2,1),(3,(1,2)))'
expect 0 '_2' -- eval 'rank((2,3))'
expect 0 '_20' -- eval 'cosize((4,3):(1,8))'
# The caret: under the coordinate for an evaluation, under the call otherwise.
"$T" eval '(3,4):(4,1)((1,2,3))' 2>"$tmp/err" >/dev/null
n=$((n + 1))
[ "$(sed -n 3p "$tmp/err")" = "              ^" ] || { fails=$((fails + 1)); echo "FAIL: caret of an evaluation"; cat "$tmp/err"; }

# ---- caret positions ------------------------------------------------------------
caret 'composition((2,2):(1,2)' 23
caret '(2,2):(1,2,3)' 6
caret '(2,2):(1,' 9
caret 'size((2,2) 3)' 11
caret '8:1 8:1' 4
caret '<3:4,8:2' 8
caret '@' 0
caret 'coalesce((2,4):(1,2)))' 21
caret '(3,4):(4,1)(2,1' 15
caret '(3,4):(4,1)(2,1)x' 16
caret 'get((2,3),1' 11

# ---- show -----------------------------------------------------------------------
expect 0 '(_2,_3):(_3,_1)
      0   1   2 
    +---+---+---+
 0  | 0 | 1 | 2 |
    +---+---+---+
 1  | 3 | 4 | 5 |
    +---+---+---+' -- show '(2,3):(3,1)'
expect 0 '(_2,_2):(_10,_1)
       0    1 
    +----+----+
 0  |  0 |  1 |
    +----+----+
 1  | 10 | 11 |
    +----+----+' -- show '(2,2):(10,1)'
expect 0 '(_3,_1):(_2,_0)
      0 
    +---+
 0  | 0 |
    +---+
 1  | 2 |
    +---+
 2  | 4 |
    +---+' -- show '3:2'
expect 0 '(_2,(_2,_2)):(_1,(_2,_4))
      0   1   2   3 
    +---+---+---+---+
 0  | 0 | 2 | 4 | 6 |
    +---+---+---+---+
 1  | 1 | 3 | 5 | 7 |
    +---+---+---+---+' -- show '(2,2,2):(1,2,4)'
expect 0 '0 59 118 13 72 131 26 85 144 39 98 157 1 60 119 14 73 132 27 86 145 40 99 158' -- show '(3,(4,2)):(59,(13,1))' --format values
expect 0 '{"layout":"(_4,_2):(_2,_1)","shape":[4,2],"stride":[2,1],"size":8,"cosize":8,"rank":2,"depth":1,"values":[0,2,4,6,1,3,5,7]}' -- show '(4,2):(2,1)' -f json
expect_err 3 'too large' -- show '(1024,1024)' -f svg
expect_err 2 'syntax error' -- show '(2,2'
"$T" show '(9,(4,8)):(59,(13,1))' -f svg -o "$tmp/a.svg"; rc=$?
n=$((n + 1))
if [ $rc != 0 ] || ! grep -q '<svg' "$tmp/a.svg" || ! grep -q '>518</text>' "$tmp/a.svg"; then
  fails=$((fails + 1)); echo "FAIL: show -f svg -o"
fi
"$T" show '(4,8):(8,1)' -f latex >"$tmp/a.tex"; rc=$?
n=$((n + 1))
if [ $rc != 0 ] || ! grep -q 'begin{tikzpicture}' "$tmp/a.tex" || ! grep -q 'at (3,7) {31}' "$tmp/a.tex"; then
  fails=$((fails + 1)); echo "FAIL: show -f latex"
fi
expect_err 1 'cannot write' -- show '8:1' -o /nonexistent/dir/x.svg
expect_err 3 'more than --max-cells 4096 \(the default for latex' -- show '(65,64)' -f latex
"$T" show '(65,64)' -f latex --max-cells 5000 | grep -q 'at (64,63) {4159}'; rc=$?
n=$((n + 1))
[ $rc = 0 ] || { fails=$((fails + 1)); echo "FAIL: show -f latex --max-cells 5000"; }
"$T" show '(2,2048):(2048,1)' -f latex | grep -q 'x={(0cm,-0.1219cm)}'; rc=$?   # a shrunk unit (250 cm / 2051)
n=$((n + 1))
[ $rc = 0 ] || { fails=$((fails + 1)); echo "FAIL: show -f latex shrinks a long picture"; }

# ---- check ----------------------------------------------------------------------
"$T" check 'composition((4,6,8):(2,3,5),6:3)' >"$tmp/out" 2>"$tmp/err"; rc=$?
n=$((n + 1))
if [ $rc != 3 ] || ! grep -q 'c | 4 fails' "$tmp/out" || ! grep -q '^not admissible: composition: stride divisibility' "$tmp/out"; then
  fails=$((fails + 1)); echo "FAIL: check (stride)"; cat "$tmp/out" "$tmp/err"
fi
"$T" check 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)' >"$tmp/out" 2>&1; rc=$?
n=$((n + 1))
if [ $rc != 0 ] || ! grep -q '^admissible$' "$tmp/out" || ! grep -q 'complement of A = ' "$tmp/out"; then
  fails=$((fails + 1)); echo "FAIL: check (divide)"; cat "$tmp/out"
fi
expect 0 'admissible' -- check -q 'complement((2,2):(1,6),24)'
expect 3 'not admissible: complement: sorted by stride, each stride must be a multiple of the previous shape*stride (outside that chain the answer is checked by its values, which is done on the host and at compile time up to a size) [stride 3 lies inside the span 4 already covered]' -- check -q 'complement((2,2):(2,3))'
expect 3 'not admissible: complement: the strides are not a chain (each a multiple of the previous shape*stride), and the layout that CuTe'"'"'s floor divisions give breaks a postcondition of complement [postcondition 3: cosize((A, R)) = 70 is less than the cotarget 72]' -- check -q 'complement((4,6):(1,6),72)'
expect_err 3 'overlap' -- check 'composition((6,2):(1,7),(3,2):(2,3))'
expect_err 3 'left_inverse: the layout is not injective' -- eval 'left_inverse(((15,2),(2,2,2)):((4,60),(8,2,1)))'
expect 0 '_2:_1' -- eval 'composition(1:1,2:1)'  # past A's size, A's size-1 last mode as written
expect_err 2 'syntax error' -- check 'composition(('
expect_err 3 'integer overflow' -- check 'size((4294967296,4294967296,4294967296))'

# ---- help ------------------------------------------------------------------------
"$T" --help | grep -q 'logical_divide' || { fails=$((fails + 1)); echo "FAIL: --help lacks the language"; }
n=$((n + 1))
for call in 'shape(L' 'stride(L' 'get(X,i' 'select(X,i' 'take(X,b,e)' 'flatten(X)' 'group(X,b,e)' 'append(X,Y)' 'prepend(X,Y)' 'idx2crd(i,shape' 'crd2idx(c,shape' 'L(c)'; do
  n=$((n + 1))
  "$T" --help | grep -qF "$call" || { fails=$((fails + 1)); echo "FAIL: --help lacks $call"; }
  n=$((n + 1))
  "$T" eval --help | grep -qF "$call" || { fails=$((fails + 1)); echo "FAIL: eval --help lacks $call"; }
done


# ---- swizzle: seed 002's examples (N = 1: grid (4,4,1), block (x,y) computes tile (x,y);
# N = 2: grid (8,2,1), tile (tm,tn) computed by block x = 2*tm + tn%2, y = tn/2) -----------
expect 0 "$(cat <<'EOF'
GemmIdentityThreadblockSwizzle<2>, tiled shape 4 x 4 (tm x tn), k = 1
get_log_tile = 1, get_grid_shape = (8,2,1): 16 blocks, 0 idle
block (x,y) -> tile (x >> 1, (y << 1) + (x & 1)); as a layout ((2,4),2):((4,1),8) -> tm + tn*4

tile -> block (linear id bx + by*gridDim.x):
       tn=0   tn=1   tn=2   tn=3 
     +------+------+------+------+
tm=0 |    0 |    1 |    8 |    9 |
     +------+------+------+------+
tm=1 |    2 |    3 |   10 |   11 |
     +------+------+------+------+
tm=2 |    4 |    5 |   12 |   13 |
     +------+------+------+------+
tm=3 |    6 |    7 |   14 |   15 |
     +------+------+------+------+

block -> tile (tm,tn); '-' idle:
       bx=0   bx=1   bx=2   bx=3   bx=4   bx=5   bx=6   bx=7 
     +------+------+------+------+------+------+------+------+
by=0 |  0,0 |  0,1 |  1,0 |  1,1 |  2,0 |  2,1 |  3,0 |  3,1 |
     +------+------+------+------+------+------+------+------+
by=1 |  0,2 |  0,3 |  1,2 |  1,3 |  2,2 |  2,3 |  3,2 |  3,3 |
     +------+------+------+------+------+------+------+------+
EOF
)" -- swizzle -N 2
grep -q 'GemmIdentityThreadblockSwizzle<1>, tiled shape 4 x 4' <("$T" swizzle) || { fails=$((fails + 1)); echo "FAIL: swizzle defaults"; }
grep -q 'get_grid_shape = (4,4,1): 16 blocks, 0 idle' <("$T" swizzle -N 1) || { fails=$((fails + 1)); echo "FAIL: swizzle -N 1 grid"; }
grep -q '^by=3 |  0,3 |  1,3 |  2,3 |  3,3 |$' <("$T" swizzle -N 1) || { fails=$((fails + 1)); echo "FAIL: swizzle -N 1: block (x,3) computes tile (x,3)"; }
n=$((n + 3))
"$T" swizzle 5 3 -N 4 -f svg -o "$tmp/sw.svg" && grep -q '20 blocks, 5 idle' "$tmp/sw.svg" && grep -c '<rect' "$tmp/sw.svg" | grep -q '^10[0-9]$' ||
  { fails=$((fails + 1)); echo "FAIL: swizzle svg (5 x 3 tiles, 20 blocks, 5 idle)"; }
n=$((n + 1))
expect_err 2 'format' -- show '4:1' -f pdf
expect_err 2 'range 1 to 16' -- swizzle -N 17
expect_err 2 'range 1 to 4096' -- swizzle 0 4
expect_err 1 'cannot write' -- swizzle -o /nonexistent/dir/x.txt

# check reports the status eval reports (eval stops at the first failing argument);
# a mode kept by `_` cannot be split into (tile, rest) by zipped/tiled/flat (as CuTe's zip2_by).
expect_err 3 'zero or negative' -- check 'coalesce((2,(0,6)):(1,(6,2)),G(1,1))'
expect_err 3 'zero or negative' -- eval 'coalesce((2,(0,6)):(1,(6,2)),G(1,1))'
expect_err 3 'must have rank 2' -- check 'flat_product((4,5):(6,1),<_>)'
expect_err 3 'must have rank 2' -- eval 'zipped_divide((4,5):(6,1),<_>)'
# ---- mma / copy: atoms drawn by name (src/text/atoms_mma.cpp, atoms_copy.cpp) ----------
# The text of a Hopper TiledMMA is CuTe's (tests/data/cute_wgmma_tiled.txt, CuTe 4.7's print).
data=$(dirname "$0")/../data/cute_wgmma_tiled.txt
section() { awk -v h="@@ $1" '$0 == h {on = 1; next} /^@@ / {on = 0} on' "$data"; }
sm90='SM90_64x128x16_F32BF16BF16_SS<K,K> 2x1x1'
"$T" mma 'SM90_64x128x16_F32BF16BF16_SS<K,K>' --atoms 2x1x1 > "$tmp/mma.txt"
n=$((n + 4))
[ "$(head -n 9 "$tmp/mma.txt")" = "$(section "$sm90 print" | head -n 9)" ] || { fails=$((fails + 1)); echo "FAIL: tessel mma SM90 text != CuTe's print"; }
for x in A B C; do
  [ "$(grep "^Layout${x}_TV: " "$tmp/mma.txt" | cut -d' ' -f2)" = "$(section "$sm90 Layout${x}_TV")" ] ||
    { fails=$((fails + 1)); echo "FAIL: tessel mma SM90 Layout${x}_TV != CuTe's"; }
done
n=$((n + 7))
"$T" mma SM80_16x8x16_F32BF16BF16F32_TN --atoms 2x2x1 | grep -qx 'tile_size:  (_32,_16,_16)' || { fails=$((fails + 1)); echo "FAIL: mma tile_size"; }
# latex: one filled cell per coordinate of C (32x16), A (32x16), B (16x16)
[ "$("$T" mma SM80_16x8x16_F32F16F16F32_TN --atoms 2x2x1 -f latex | grep -c 'fill=')" = 1280 ] || { fails=$((fails + 1)); echo "FAIL: mma latex cells"; }
"$T" mma SM80_16x8x16_F32F16F16F32_TN --atoms 2x2x1 -f latex | grep -q '^.documentclass' || { fails=$((fails + 1)); echo "FAIL: mma latex document"; }
[ "$("$T" mma SM80_16x8x16_F32F16F16F32_TN -f svg | grep -c '<rect')" = 512 ] || { fails=$((fails + 1)); echo "FAIL: mma svg cells"; }
[ "$("$T" mma --list | wc -l)" = 200 ] || { fails=$((fails + 1)); echo "FAIL: mma --list (8 + 192 names)"; }
[ "$("$T" copy --list | wc -l)" = 15 ] || { fails=$((fails + 1)); echo "FAIL: copy --list"; }
"$T" copy SM75_U32x4_LDSM_N --threads 32x1 --values 1x8 | grep -qx '  TiledLayout_TV: (_32,_8):(_1,_32)' || { fails=$((fails + 1)); echo "FAIL: copy LDSM text"; }
[ "$("$T" copy 'UniversalCopy<uint128_t>' --type float --threads 8x4 --values 1x4 -f latex | grep -c 'fill=')" = 256 ] ||
  { fails=$((fails + 1)); echo "FAIL: copy latex cells (source and destination, 8x16 each)"; }
"$T" copy SM80_CP_ASYNC_CACHEGLOBAL'<uint128_t>' --threads 16x8 --values 1x8 -f svg -o "$tmp/cp.svg" && grep -q '<svg' "$tmp/cp.svg" ||
  { fails=$((fails + 1)); echo "FAIL: copy svg to a file"; }
expect_err 3 "each thread's values are not a multiple of the atom's values" -- copy SM75_U32x4_LDSM_N --values 1x4
expect_err 2 "--threads 4x4" -- copy SM75_U32x4_LDSM_N --threads 4x4 --values 1x8
expect_err 2 'unknown MMA operation' -- mma SM99_64x8
expect_err 2 'unknown copy operation' -- copy SM75_U32x8_LDSM_N
expect_err 2 'drawn with the atom layouts' -- mma SM80_16x8x8_F16F16F16F16_TN --atoms 3x1x1
expect_err 2 'template arguments' -- mma 'SM90_64x64x16_F32F16F16_SS<K,X>'
expect_err 2 '--threads' -- copy 'UniversalCopy<uint32_t>' --threads 3x3
expect_err 2 '--type' -- copy 'UniversalCopy<uint32_t>' --type double
expect_err 2 'format' -- mma UniversalFMA -f pdf
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
