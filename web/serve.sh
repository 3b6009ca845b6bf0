#!/usr/bin/env bash
# Build the playground and serve it on http://localhost:${PORT:-8000}/
set -euo pipefail
cd "$(dirname "$0")/.."
bash web/build.sh
port=${PORT:-8000}
echo "web/serve.sh: open http://localhost:$port/  (Ctrl-C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 -d "${TESSEL_WEB_BUILD:-build-web}/site"
