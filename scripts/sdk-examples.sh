#!/usr/bin/env bash
# Runs the SDK's example programs against a running service: API_URL, CLIENT_ID and CLIENT_SECRET in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
npx swc packages/sdk/src packages/sdk/examples -d dist --quiet
for example in dist/packages/sdk/examples/*.js; do
  case "$example" in */sandbox-env.js) continue ;; esac
  node "$example"
done
