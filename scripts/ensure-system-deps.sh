#!/usr/bin/env bash
# Brings what npm cannot: Debian's Chromium and Firefox ESR (browser tests), PostgreSQL (server tests on a real
# server), nats-server (the broker of the cluster roles: server tests and `npm run cluster`) and haproxy (the
# cluster's round-robin front), openssl for one test's certificate, and Kannel with its fake SMSC (the SMS tests).
# As root it installs them with apt-get; otherwise it stops with the exact command to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# Its headless shell, the same engine at less CPU a page, runs the browser tests that need no whole browser.
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
# Firefox ESR for the cross-browser flows (puppeteer-core over WebDriver BiDi, tests/e2e/firefox.ts).
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nats-server ] || [ -x /usr/bin/nats-server ] || missing+=(nats-server)
[ -x /usr/sbin/haproxy ] || [ -x /usr/bin/haproxy ] || missing+=(haproxy)
# Prometheus (and its promtool) scrapes the server's metrics port in tests/server/metrics/metrics-prometheus.test.ts.
[ -x /usr/bin/prometheus ] && [ -x /usr/bin/promtool ] || missing+=(prometheus)
# openssl: the Web Push test's throwaway certificate for its local push service (tests/server/alerts/alerts-web-push.test.ts).
[ -x /usr/bin/openssl ] || missing+=(openssl)
# Kannel's bearerbox and smsbox, and kannel-extras' fake SMSC: an SMS really crosses the gateway in
# tests/server/notify/delivery-kannel.test.ts (docs/notifications.md "SMS: Kannel").
[ -x /usr/sbin/bearerbox ] && [ -x /usr/sbin/smsbox ] || missing+=(kannel)
[ -x /usr/lib/kannel/test/fakesmsc ] || missing+=(kannel-extras)
# Fonts so CJK, Thai, Hindi and Arabic screens render real glyphs in screenshots.
[ -d /usr/share/fonts/opentype/noto ] || [ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core fonts-noto-cjk)

[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "Missing system packages: ${missing[*]}. Run as root: $cmd" >&2
  exit 1
fi
