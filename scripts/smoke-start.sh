#!/usr/bin/env bash
# Starts the service as a user would (npm start, embedded database), waits until it is ready,
# gets a token with the printed sandbox credentials, then stops it. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# below Linux's ephemeral range (32768-60999): a port in it can be held at that moment as the local end of some
# outgoing connection, and the API or its sandbox would then fail to listen (seen once here on 39188)
port=${SMOKE_PORT:-29187}
data=$(mktemp -d)
log="$data/start.log"
sandbox_port=$((port + 1))
# its own process group, so stopping it stops npm, the API and the sandbox insurers together
PORT=$port SANDBOX_PORT=$sandbox_port DATA_DIR="$data" setsid npm start >"$log" 2>&1 &
pid=$!
# npm exits before the API and the sandbox it started have finished writing their data folder: wait for the whole
# process group to be gone (at most 30 s) before removing the folder, so the removal never races a write.
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 1 150); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -rf "$data" 2>/dev/null || { sleep 1; rm -rf "$data"; } || true
}
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
# the console and the partners' portal were built and are served
for app in admin portal; do
  page=$(curl -fsS "http://127.0.0.1:$port/$app/")
  [[ $page == *'<div id="root">'* ]] || { echo "/$app/ is not served"; exit 1; }
done
# and the embed page's script and stylesheet (apps/embed/dist)
for asset in embed.js embed.css; do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/embed/assets/$asset" || { echo "/embed/assets/$asset is not served"; exit 1; }
done

# A motor quote end to end through the sandbox insurers started with the API.
token=$(curl -fsS -X POST "http://127.0.0.1:$port/oauth/token" -H 'Content-Type: application/json' \
  -d "{\"client_id\":\"$id\",\"client_secret\":\"$secret\"}" | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
api() { curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@"; }
api -X POST "http://127.0.0.1:$port/api/v1/car-comp/quote-otp" -d '{"owner_id":"1012345678","email":"smoke@example.com","phone":"0512345678"}'
otp=$(api "http://127.0.0.1:$port/api/v1/sandbox/messages?phone=0512345678" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data[0].text.match(/\d{4}/)[0]')
offers=$(api -X POST "http://127.0.0.1:$port/api/v1/car-comp/quote-requests" \
  -d "{\"otp\":\"$otp\",\"owner_id\":\"1012345678\",\"email\":\"smoke@example.com\",\"phone\":\"0512345678\",\"birthdate\":\"1405-03-10\",\"car_sequence_number\":\"123456789\",\"car_estimated_cost\":80000}" \
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).quotes.length')
[ "$offers" -gt 0 ] || { cat "$log"; echo "no offers from the sandbox insurers"; exit 1; }
echo "npm start: ready, token issued, OpenAPI served, $offers motor offers from the sandbox insurers"

# The SDK's example programs, as a partner would run them against the sandbox.
API_URL="http://127.0.0.1:$port" CLIENT_ID="$id" CLIENT_SECRET="$secret" bash scripts/sdk-examples.sh || { tail -50 "$log"; exit 1; }
