#!/usr/bin/env bash
# The end-to-end tests and Lighthouse drive Debian's Chromium (Playwright cannot download its own
# here); the text-browser journey drives Debian's lynx; the tests against real services start
# Debian's PostgreSQL and nginx themselves (tests/support/postgres-server.ts, nginx-server.ts); the
# HTML validity test runs the Nu HTML Checker (vnu.jar, from npm) on Debian's Java
# (tests/server/html-validity.test.ts).
# Install what is missing through apt when we are root; otherwise say what to install.
#
#   bash scripts/ensure-test-tools.sh                # all five
#   bash scripts/ensure-test-tools.sh chromium       # or any of: lynx postgresql nginx java wrk
#                                                    # netsurf dillo xvfb imagemagick stress-ng
#
# wrk (a load generator in C) only for `npm run bench -- --topology proxy`; NetSurf, Dillo, Xvfb and
# ImageMagick only for scripts/limited-browser-screenshots.sh; stress-ng only for
# scripts/test-under-load.sh. Never for the tests themselves.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
lynx_path="${LYNX_PATH:-lynx}"

# Debian installs PostgreSQL's server programs per major version, off PATH.
has_initdb() {
  local initdb
  for initdb in /usr/lib/postgresql/*/bin/initdb; do
    [ -x "$initdb" ] && return 0
  done
  command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir 2>/dev/null)/initdb" ]
}

has() {
  case "$1" in
    chromium) [ -x "$chromium_path" ] ;;
    lynx) command -v "$lynx_path" >/dev/null 2>&1 ;;
    postgresql) has_initdb ;;
    # /usr/sbin is not on every user's PATH.
    nginx) command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] ;;
    java) command -v java >/dev/null 2>&1 ;;
    wrk) command -v wrk >/dev/null 2>&1 ;;
    netsurf) command -v netsurf-gtk >/dev/null 2>&1 ;;
    dillo) command -v dillo >/dev/null 2>&1 ;;
    xvfb) command -v Xvfb >/dev/null 2>&1 ;;
    imagemagick) command -v import >/dev/null 2>&1 ;;
    stress-ng) command -v stress-ng >/dev/null 2>&1 ;;
  esac
}

# The Debian package that brings each: its own name, but for Java (a JRE without X11 or sound).
package_of() {
  case "$1" in
    java) echo default-jre-headless ;;
    netsurf) echo netsurf-gtk ;;
    *) echo "$1" ;;
  esac
}

browsers=("$@")
[ ${#browsers[@]} -gt 0 ] || browsers=(chromium lynx postgresql nginx java)
missing=()
for browser in "${browsers[@]}"; do
  case "$browser" in
    chromium | lynx | postgresql | nginx | java | wrk | netsurf | dillo | xvfb | imagemagick | stress-ng)
      has "$browser" || missing+=("$browser")
      ;;
    *)
      echo "ensure-test-tools.sh: unknown name '$browser' (expected chromium, lynx, postgresql, nginx, java, wrk, netsurf, dillo, xvfb, imagemagick or stress-ng)" >&2
      exit 2
      ;;
  esac
done
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # Installing postgresql or nginx tries to start the service too; in a container without an init
  # system that is refused ("invoke-rc.d: policy denied", or no systemd), which apt-get reports
  # without failing: the tests start their own.
  packages=()
  for browser in "${missing[@]}"; do packages+=("$(package_of "$browser")"); done
  echo "Missing ${missing[*]}; installing Debian's ${packages[*]} with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${packages[@]}" >/dev/null
  for browser in "${missing[@]}"; do
    has "$browser" || { echo "apt-get installed $browser, but it is still not where the tests look for it." >&2; exit 1; }
  done
  exit 0
fi

{
  echo "The tests need these programs, which are missing: ${missing[*]}."
  for browser in "${missing[@]}"; do
    case "$browser" in
      chromium) echo "- Chromium at $chromium_path (end-to-end tests, Lighthouse): sudo apt-get install chromium, or point CHROMIUM_PATH at a Chromium or Chrome binary." ;;
      lynx) echo "- lynx ($lynx_path) for the text-browser journey: sudo apt-get install lynx, or point LYNX_PATH at a lynx binary." ;;
      postgresql) echo "- PostgreSQL's server (initdb, pg_ctl) for the tests against a real database: sudo apt-get install postgresql." ;;
      nginx) echo "- nginx for the tests behind a caching proxy: sudo apt-get install nginx." ;;
      java) echo "- Java (java on PATH) for the Nu HTML Checker in the HTML validity test: sudo apt-get install default-jre-headless." ;;
      wrk) echo "- wrk for the benchmark through the proxy: sudo apt-get install wrk." ;;
      stress-ng) echo "- stress-ng to keep the cores busy while the tests run: sudo apt-get install stress-ng." ;;
      netsurf | dillo | xvfb | imagemagick)
        echo "- $browser for the limited-browser screenshots: sudo apt-get install $(package_of "$browser")." ;;
    esac
  done
  echo "Then run npm test again."
} >&2
exit 1
