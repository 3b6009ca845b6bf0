#!/usr/bin/env bash
# What the playground's build and tests need: Debian's emscripten (with its
# prebuilt system libraries), chromium (headless, for the end-to-end tests),
# nlohmann-json3-dev, node + npm; then the pinned npm packages of web/tests
# (playwright-core only: it drives /usr/bin/chromium and downloads no browser).
# Fast no-op when all are present. `web/deps.sh build`: only what building the
# page needs (web/build.sh runs that).
set -euo pipefail
cd "$(dirname "$0")/.."
only_build=0
[ "${1:-}" = build ] && only_build=1

pkgs=(emscripten nlohmann-json3-dev python3 cmake)
[ $only_build = 1 ] || pkgs+=(chromium)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
[ $only_build = 1 ] || command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "web/deps.sh: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "web/deps.sh: not root and no sudo" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[ $only_build = 1 ] && exit 0

# npm packages, exactly as package-lock.json pins them (again only when the lock changed).
stamp=web/tests/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ web/tests/package-lock.json -nt "$stamp" ]; then
  (cd web/tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
