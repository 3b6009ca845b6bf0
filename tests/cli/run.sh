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
expect 0 '20' -- eval 'size((5,4):(4,2))'
expect 0 '20' -- eval 'size( ( 5 , 4 ) : ( 4 , 2 ) )'
expect 0 '_12' -- eval '_12'
expect 0 '_12' -- eval '12'
expect_err 3 'stride divisibility' -- eval 'composition((4,6,8):(2,3,5),6:3)'
expect_err 3 'overlap' -- eval 'composition((6,2):(1,7),(3,2):(2,3))'
expect_err 3 'complement' -- eval 'complement((2,2):(1,3))'
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

# ---- caret positions ------------------------------------------------------------
caret 'composition((2,2):(1,2)' 23
caret '(2,2):(1,2,3)' 6
caret '(2,2):(1,' 9
caret 'size((2,2) 3)' 11
caret '8:1 8:1' 4
caret '<3:4,8:2' 8
caret '@' 0
caret 'coalesce((2,4):(1,2)))' 21

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

# ---- check ----------------------------------------------------------------------
"$T" check 'composition((4,6,8):(2,3,5),6:3)' >"$tmp/out" 2>"$tmp/err"; rc=$?
n=$((n + 1))
if [ $rc != 3 ] || ! grep -q 'c | 4 fails' "$tmp/out" || ! grep -q '^not admissible: composition: stride divisibility' "$tmp/out"; then
  fails=$((fails + 1)); echo "FAIL: check (stride)"; cat "$tmp/out" "$tmp/err"
fi
"$T" check 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)' >"$tmp/out" 2>&1; rc=$?
n=$((n + 1))
if [ $rc != 0 ] || ! grep -q '^admissible$' "$tmp/out" || ! grep -q 'complement(A, M)' "$tmp/out"; then
  fails=$((fails + 1)); echo "FAIL: check (divide)"; cat "$tmp/out"
fi
expect 0 'admissible' -- check -q 'complement((2,2):(1,6),24)'
expect 3 'not admissible: complement: sorted by stride, each stride must be a multiple of the previous shape*stride [stride 3 is not a multiple of 2]' -- check -q 'complement((2,2):(1,3))'
expect_err 3 'overlap' -- check 'composition((6,2):(1,7),(3,2):(2,3))'
expect_err 2 'syntax error' -- check 'composition(('
expect_err 3 'integer overflow' -- check 'size((4294967296,4294967296,4294967296))'

# ---- help ------------------------------------------------------------------------
"$T" --help | grep -q 'logical_divide' || { fails=$((fails + 1)); echo "FAIL: --help lacks the language"; }
n=$((n + 1))

echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
