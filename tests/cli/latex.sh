#!/usr/bin/env bash
# Compiles the output of `tessel show -f latex` with pdflatex: once as
# written (the standalone class when it is installed) and once forced onto the
# fallback the document uses without it (article + geometry). Passes with
# "skipped: no pdflatex" when pdflatex is not installed (TeX is not a CI
# dependency: apt-get install texlive-latex-base texlive-pictures to run it).
# usage: tests/cli/latex.sh path/to/tessel
set -u
T=${1:?usage: latex.sh path/to/tessel}
if ! command -v pdflatex >/dev/null 2>&1; then
  echo "skipped: no pdflatex"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

# compile NAME EXPR [fallback] [SHOW-ARGS...]
compile() {
  local name=$1 expr=$2 mode=${3:-} ; shift 3 2>/dev/null || shift $#
  n=$((n + 1))
  if ! "$T" show "$expr" -f latex "$@" >"$tmp/$name.tex" 2>"$tmp/$name.err"; then
    fails=$((fails + 1)); echo "FAIL: tessel show '$expr' -f latex: $(cat "$tmp/$name.err")"; return
  fi
  # The fallback: as if standalone.cls were not installed.
  [ "$mode" = fallback ] && sed -i 's/{standalone\.cls}/{tessel-no-such-class.cls}/' "$tmp/$name.tex"
  if ! (cd "$tmp" && timeout 300 pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" >"$name.out" 2>&1) ||
     [ ! -s "$tmp/$name.pdf" ]; then
    fails=$((fails + 1)); echo "FAIL: pdflatex on '$expr' ($mode)"; grep -A3 '^!' "$tmp/$name.log" | head -8; return
  fi
  # One page, and nothing pushed off it.
  if grep -q 'Overfull \\vbox' "$tmp/$name.log"; then
    fails=$((fails + 1)); echo "FAIL: '$expr' ($mode) overflows its page"; grep 'Overfull' "$tmp/$name.log" | head -3
  fi
  if command -v pdfinfo >/dev/null 2>&1 && [ "$(pdfinfo "$tmp/$name.pdf" | sed -n 's/^Pages: *//p')" != 1 ]; then
    fails=$((fails + 1)); echo "FAIL: '$expr' ($mode) is not one page"
  fi
  # The largest index is in the text of the page.
  if [ -n "${want:-}" ] && command -v pdftotext >/dev/null 2>&1 && ! pdftotext "$tmp/$name.pdf" - | grep -qw "$want"; then
    fails=$((fails + 1)); echo "FAIL: '$expr' ($mode): $want is not on the page"
  fi
}

kpsewhich standalone.cls >/dev/null 2>&1 || echo "note: no standalone.cls: both runs use the article fallback"
for mode in standalone fallback; do
  want=518 compile "seed_$mode" '(9,(4,8)):(59,(13,1))' "$mode"
  want=14 compile "rank1_$mode" '8:2' "$mode"
  want=23 compile "rank3_$mode" '(2,3,4):(1,2,6)' "$mode"
  want=15 compile "negative_$mode" '(3,4):(-1,5)' "$mode"
  want='' compile "wide_$mode" '(2,2048):(2048,1)' "$mode"           # a shrunk unit, every 10th label
done
# pdflatex's memory (the same with either class): the default cap of 4096 cells.
want=4095 compile grid64 '(64,64):(64,1)' standalone
want='' compile long '4096:1' standalone

echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
