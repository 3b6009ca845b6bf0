#!/usr/bin/env bash
# Install the Debian packages tessel needs. Fast no-op when all are present.
set -euo pipefail
pkgs=(g++ cmake python3 libgtest-dev libgmock-dev libbenchmark-dev
      libcli11-dev nlohmann-json3-dev libfmt-dev
      pybind11-dev python3-dev python3-numpy python3-pytest)

missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps.sh: not root and no sudo" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
