#!/usr/bin/env bash
# The end-to-end tests and Lighthouse drive Debian's Chromium (Playwright cannot download its own
# here); the text-browser journey drives Debian's lynx. Install what is missing through apt when
# we are root; otherwise say what to install.
#
#   bash scripts/ensure-test-browsers.sh            # both
#   bash scripts/ensure-test-browsers.sh chromium   # or: lynx
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
lynx_path="${LYNX_PATH:-lynx}"

has() {
  case "$1" in
    chromium) [ -x "$chromium_path" ] ;;
    lynx) command -v "$lynx_path" >/dev/null 2>&1 ;;
  esac
}

browsers=("$@")
[ ${#browsers[@]} -gt 0 ] || browsers=(chromium lynx)
missing=()
for browser in "${browsers[@]}"; do
  case "$browser" in
    chromium | lynx) has "$browser" || missing+=("$browser") ;;
    *)
      echo "ensure-test-browsers.sh: unknown browser '$browser' (expected chromium or lynx)" >&2
      exit 2
      ;;
  esac
done
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # The Debian package names are the browsers' names.
  echo "Missing ${missing[*]}; installing Debian's ${missing[*]} with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  for browser in "${missing[@]}"; do
    has "$browser" || { echo "apt-get installed $browser, but it is still not where the tests look for it." >&2; exit 1; }
  done
  exit 0
fi

{
  echo "The tests need these browsers, which are missing: ${missing[*]}."
  for browser in "${missing[@]}"; do
    case "$browser" in
      chromium) echo "- Chromium at $chromium_path (end-to-end tests, Lighthouse): sudo apt-get install chromium, or point CHROMIUM_PATH at a Chromium or Chrome binary." ;;
      lynx) echo "- lynx ($lynx_path) for the text-browser journey: sudo apt-get install lynx, or point LYNX_PATH at a lynx binary." ;;
    esac
  done
  echo "Then run npm test again."
} >&2
exit 1
