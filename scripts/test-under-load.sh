#!/usr/bin/env bash
# Runs test suites while another process keeps every core busy (Debian's stress-ng), the way a
# newcomer's laptop or a loaded CI runner would run them: a test that passes only on an idle
# machine asserts a state it has not waited for (docs/testing.md#under-load).
#
#   bash scripts/test-under-load.sh                       # test:e2e, then test:e2e:proxy, 3 rounds
#   bash scripts/test-under-load.sh --rounds 1 -- npx playwright test -c playwright.proxy.config.ts \
#     tests/e2e/shared-cache.spec.ts --repeat-each 10     # any command, under the same load
#
# Playwright's retries are off (CI unset), so every flaky test counts. Stops at the first failing
# round. stress-ng runs LOAD_CPUS workers (default: one a core) at the tests' own priority, so they
# share every core with it (LOAD_NICE=10 for a lighter load). Installs stress-ng
# through apt when run as root (scripts/ensure-test-tools.sh). Stops the load on exit, however it
# ends.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds)
      rounds="${2:?--rounds needs a number}"
      shift 2
      ;;
    --)
      shift
      break
      ;;
    *)
      echo "test-under-load.sh: unknown option '$1' (expected --rounds N, then -- and a command)" >&2
      exit 2
      ;;
  esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "test-under-load.sh: --rounds takes a whole number, got '$rounds'" >&2; exit 2; }
if [ $# -eq 0 ]; then set -- sh -c "npm run test:e2e && npm run test:e2e:proxy"; fi

bash scripts/ensure-test-tools.sh stress-ng
cpus="${LOAD_CPUS:-$(nproc)}"
nice -n "${LOAD_NICE:-0}" stress-ng --cpu "$cpus" --quiet &
load=$!
trap 'kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true' EXIT
echo "test-under-load: stress-ng keeps $cpus CPU workers busy (pid $load, nice ${LOAD_NICE:-0}); $rounds round(s) of: $*"

passed=0
for round in $(seq 1 "$rounds"); do
  started=$SECONDS
  if env -u CI "$@"; then
    passed=$((passed + 1))
    echo "test-under-load: round $round of $rounds passed in $((SECONDS - started)) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  else
    echo "test-under-load: round $round of $rounds FAILED after $((SECONDS - started)) s"
    echo "$passed passed, 1 failed"
    exit 1
  fi
done
echo "$passed passed, 0 failed"
