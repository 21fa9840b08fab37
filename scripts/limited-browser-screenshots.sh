#!/usr/bin/env bash
# Screenshots of the shop in two limited browser engines, NetSurf (CSS 2.1, no flexbox, grid or
# script) and Dillo (little CSS, no SVG, no script), for docs/accessibility.md#limited-browsers:
# the home, catalogue, product and sign-in pages, on the built server with a fresh database, in a
# virtual X display (Xvfb). Installs what is missing through apt when run as root
# (scripts/ensure-test-tools.sh), builds if there is no build.
#
#   bash scripts/limited-browser-screenshots.sh            # into docs/images/limited-browsers/
#   bash scripts/limited-browser-screenshots.sh /tmp/shots # anywhere else
#
# Not part of npm test: tests/e2e/limited-engine.spec.ts checks every page the same way on every
# run. These are for eyes, after a change to the layout.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-tools.sh netsurf dillo xvfb imagemagick

out="$(realpath -m "${1:-docs/images/limited-browsers}")"
build="${BUILD_DIR:-build}"
[ -f "$build/server.js" ] || npm run build
mkdir -p "$out"

# Each browser keeps its settings under $HOME: a throwaway one, so yours are untouched.
work="$(mktemp -d)"
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
display=":$((200 + RANDOM % 300))"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
PORT="$port" HOST=127.0.0.1 DATA_DIR=memory:// NODE_ENV=production LOG_LEVEL=warn \
  node "$build/server.js" >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/healthz" >/dev/null || {
  echo "The shop did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
}

mkdir -p "$work/home/.config/netsurf"
# NetSurf's window fills the virtual screen.
printf 'window_width:1280\nwindow_height:1000\nwindow_x:0\nwindow_y:0\n' >"$work/home/.config/netsurf/Choices"

# shot BROWSER NAME PATH: opens the page, waits for it to be drawn, keeps the screen as PNG.
shot() {
  local browser="$1" name="$2" page="http://127.0.0.1:$port$3"
  case "$browser" in
    netsurf) HOME="$work/home" DISPLAY="$display" netsurf-gtk "$page" >/dev/null 2>&1 & ;;
    dillo) HOME="$work/home" DISPLAY="$display" dillo -g 1280x1000+0+0 "$page" >/dev/null 2>&1 & ;;
  esac
  local pid=$!
  sleep 6
  # 256 colours: a tenth of the bytes, and the text stays sharp.
  DISPLAY="$display" import -window root -crop 1280x1000+0+0 +repage -colors 256 "PNG8:$out/$browser-$name.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "$out/$browser-$name.png"
}

for browser in netsurf dillo; do
  shot "$browser" home /
  shot "$browser" catalogue /products
  shot "$browser" product /product/1
  shot "$browser" sign-in /auth
done
