#!/usr/bin/env bash
# Rolling restart of the app processes, one at a time, without losing a request (docs/deploy.md §8–9).
# For each process:
#   1. take it out of the balancer: with NGINX_UPSTREAMS, its `server` line is marked `down` and
#      nginx reloads (new requests go to the others; requests already sent run to their end);
#      without it, the process's own drain period (SHUTDOWN_DRAIN_SECONDS: readiness 503 while it
#      still serves) is what takes it out of a balancer that polls readiness (HAProxy, Kubernetes…);
#   2. SIGTERM, and wait for the exit (it drains, finishes its requests, exits 0);
#   3. start the new one, wait until GET /api/health/ready answers 200;
#   4. put it back into the balancer, then go on with the next one.
# Any step that fails stops the script (exit 1) with the remaining processes untouched.
#
# Settings (environment), with the defaults of docs/deploy.md §8:
#   APP_PORTS        "3001 3002 3003"             the processes, by port
#   APP_HOST         127.0.0.1                    where they listen
#   APP_PID_FILE     /tmp/oem-app-%s.pid          %s is the port
#   APP_LOG_FILE     /tmp/oem-app-%s.log
#   APP_COMMAND      "exec node --import tsx server.ts"   run by sh with PORT and HOST set, in
#                    this repository's folder; `exec` keeps the pid that is signalled the server's
#   NGINX_UPSTREAMS  (unset)                      nginx's upstream file, e.g. /tmp/oem-nginx/upstreams.local.conf
#   NGINX_RELOAD     (unset)                      e.g. "nginx -c /tmp/oem-nginx/nginx.local.conf -p /tmp/oem-nginx -s reload"
#   NGINX_SETTLE_SECONDS 1                        after a reload, until the new workers serve
#   STOP_TIMEOUT_SECONDS 90                       drain + SHUTDOWN_TIMEOUT_SECONDS, and some
#   READY_TIMEOUT_SECONDS 120
set -euo pipefail
cd "$(dirname "$0")/.."

ports=${APP_PORTS:-"3001 3002 3003"}
host=${APP_HOST:-127.0.0.1}
pid_file=${APP_PID_FILE:-/tmp/oem-app-%s.pid}
log_file=${APP_LOG_FILE:-/tmp/oem-app-%s.log}
command=${APP_COMMAND:-exec node --import tsx server.ts}
upstreams=${NGINX_UPSTREAMS:-}
reload=${NGINX_RELOAD:-}
settle=${NGINX_SETTLE_SECONDS:-1}
stop_timeout=${STOP_TIMEOUT_SECONDS:-90}
ready_timeout=${READY_TIMEOUT_SECONDS:-120}

say() { printf '[rolling-restart] %s %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

if [[ -n $upstreams && -z $reload ]]; then fail "NGINX_UPSTREAMS is set but NGINX_RELOAD is not"; fi

# Marks the upstream line of a port `down` or takes the mark away, then reloads nginx.
balancer() {
  local port=$1 state=$2
  [[ -n $upstreams ]] || return 0
  grep -Eq "^[[:space:]]*server[[:space:]]+[^[:space:];]*:${port}([[:space:];])" "$upstreams" ||
    fail "no server line for port $port in $upstreams"
  # first without the mark, then with it if asked: never `down down`
  sed -i -E "s/^([[:space:]]*server[[:space:]]+[^[:space:];]*:${port}([[:space:]][^;]*)?)[[:space:]]+down;/\\1;/" "$upstreams"
  if [[ $state == down ]]; then
    sed -i -E "s/^([[:space:]]*server[[:space:]]+[^[:space:];]*:${port}([[:space:]][^;]*)?);/\\1 down;/" "$upstreams"
  fi
  eval "$reload" || fail "nginx reload failed"
  sleep "$settle"
}

ready() { curl -sf -o /dev/null --max-time 2 "http://$host:$1/api/health/ready"; }

for port in $ports; do
  pf=$(printf "$pid_file" "$port")
  lf=$(printf "$log_file" "$port")
  say "port $port: out of the balancer"
  balancer "$port" down
  if [[ -s $pf ]] && kill -0 "$(cat "$pf")" 2>/dev/null; then
    pid=$(cat "$pf")
    say "port $port: SIGTERM to $pid, waiting for it to drain and exit"
    kill -TERM "$pid"
    waited=0
    while kill -0 "$pid" 2>/dev/null; do
      # a zombie (our own child, not reaped) has exited too
      [[ $(ps -o stat= -p "$pid" 2>/dev/null) == Z* ]] && break
      ((waited++ < stop_timeout * 5)) || fail "port $port: pid $pid still running after ${stop_timeout} s"
      sleep 0.2
    done
  fi
  say "port $port: starting"
  PORT=$port HOST=$host nohup sh -c "$command" >>"$lf" 2>&1 &
  echo $! >"$pf"
  waited=0
  until ready "$port"; do
    kill -0 "$(cat "$pf")" 2>/dev/null || fail "port $port: the new process exited (see $lf)"
    ((waited++ < ready_timeout * 2)) || fail "port $port: not ready after ${ready_timeout} s (see $lf)"
    sleep 0.5
  done
  say "port $port: ready (pid $(cat "$pf")), back into the balancer"
  balancer "$port" up
done
say "done"
