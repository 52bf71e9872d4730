#!/usr/bin/env bash
# Starts the service as a user would (npm start, embedded database), waits until it is ready,
# gets a token with the printed sandbox credentials, then stops it. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${SMOKE_PORT:-39187}
data=$(mktemp -d)
log="$data/start.log"
PORT=$port DATA_DIR="$data" npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 120); do
  if grep -q 'client_secret:' "$log" 2>/dev/null; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "npm start exited early"; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null
id=$(sed -n 's/^ *client_id: *//p' "$log" | head -1)
secret=$(sed -n 's/^ *client_secret: *//p' "$log" | head -1)
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/oauth/token" \
  -H 'Content-Type: application/json' -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$id\",\"client_secret\":\"$secret\"}")
[ "$status" = 200 ] || { cat "$log"; echo "token request answered $status"; exit 1; }
curl -fsS "http://127.0.0.1:$port/openapi.json" >/dev/null
echo "npm start: ready, token issued, OpenAPI served"
