# Sourced by the benchmark scripts: a platform of their own, started with ./platform up in a temporary state
# directory on free loopback ports for every service of the platform manifest, public and management (none a
# default port, so a platform running on the default ports never collides with it), stopped and removed when the
# script ends, whatever happens. Sets ROOT, HOME_DIR, port_of NAME (e.g. port_of PLATFORM_GATEWAY_PORT; health and
# metrics answer on PLATFORM_<NAME>_MANAGEMENT_PORT only), env_value NAME (from the printed env), platform ARGS
# (./platform against this platform), export_own_platform (so that a program the script starts runs ./platform
# against this platform too) and BENCH_CLASSPATH (platform-common and its dependencies, for the single-file load
# generators).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORTS="$("$ROOT/platform" free-ports)"
PORT_ASSIGNMENTS=()
while IFS= read -r assignment; do
  PORT_ASSIGNMENTS+=("$assignment")
done <<<"$PORTS"
HOME_DIR="$(mktemp -d "${TMPDIR:-/tmp}/platform-bench.XXXXXX")"

port_of() {
  sed -n "s/^$1=//p" <<<"$PORTS"
}

# The benchmarks' keys are on plans whose limits are raised for this platform only, so the rate limiter still runs
# on every request exactly as in production but never refuses the benchmark's load.
OWN_PLATFORM_JAVA_OPTS="${PLATFORM_JAVA_OPTS:-} -Dplatform.rate-limits.premium.per-hour=10000000 -Dplatform.rate-limits.premium.per-day=100000000"
platform() {
  env "${PORT_ASSIGNMENTS[@]}" PLATFORM_HOME="$HOME_DIR" PLATFORM_JAVA_OPTS="$OWN_PLATFORM_JAVA_OPTS" \
    "$ROOT/platform" "$@"
}

export_own_platform() {
  local assignment
  for assignment in "${PORT_ASSIGNMENTS[@]}"; do
    export "${assignment?}"
  done
  export PLATFORM_HOME="$HOME_DIR" PLATFORM_JAVA_OPTS="$OWN_PLATFORM_JAVA_OPTS"
}

cleanup_own_platform() {
  platform down >/dev/null 2>&1 || true
  rm -rf "$HOME_DIR"
}
trap cleanup_own_platform EXIT

env_value() {
  sed -n "s/^$1=//p" "$HOME_DIR/env" | tail -n 1
}

start_own_platform() {
  echo "==> starting a platform for the benchmark in $HOME_DIR (gateway :$(port_of PLATFORM_GATEWAY_PORT))"
  platform up >"$HOME_DIR/up.log" 2>&1 || { tail -n 40 "$HOME_DIR/up.log"; exit 1; }
  echo "==> resolving the load generator's classpath (platform-common and its dependencies)"
  (cd "$ROOT" && mvn -B -q -o dependency:build-classpath -pl platform-common -Dmdep.outputFile="$HOME_DIR/classpath" \
    >/dev/null 2>&1 || mvn -B -q dependency:build-classpath -pl platform-common -Dmdep.outputFile="$HOME_DIR/classpath")
  BENCH_CLASSPATH="$ROOT/platform-common/target/platform-common-0.1.0-SNAPSHOT.jar:$(cat "$HOME_DIR/classpath")"
}
