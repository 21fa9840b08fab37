#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright cannot download its own here).
# Install it through apt when it is missing and we are root; otherwise say what to install.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chromium_path; installing Debian's chromium with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $chromium_path.
Install it (Debian/Ubuntu: sudo apt-get install chromium), or point CHROMIUM_PATH at a Chromium
or Chrome binary, then run npm test again.
MSG
exit 1
