#!/usr/bin/env bash
# Debian's Chromium and Japanese fonts for the end-to-end tests (no browser download), nginx, and
# promtool (Debian's prometheus package) for the alert rules' unit tests.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# the end-to-end tests' browser (playwright.config.ts); Lighthouse uses the full one above
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# nginx: the system tests run several app processes behind it (tests/system/proxy-topology.test.ts)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} from Debian's packages…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# promtool: src/server/http/alert-rules.test.ts runs deploy/prometheus-rules.test.yml with it (the
# package's server is not started: nothing here runs Prometheus itself)
if ! command -v promtool >/dev/null 2>&1; then
  echo "Installing promtool (prometheus) from Debian's packages…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  [ ${#need[@]} -gt 0 ] || $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
