#!/usr/bin/env bash
# Runs the SDK's example programs (one per product family, packages/sdk/examples/*.ts) against a running service:
# API_URL, CLIENT_ID and CLIENT_SECRET in the environment. Every example runs, even after one fails, so one run names
# every family whose flow broke; the script then fails.
set -euo pipefail
cd "$(dirname "$0")/.."
npx swc packages/sdk/src packages/sdk/examples -d dist --quiet
failed=()
# the sources, not dist/, name the examples: a compiled example whose source was removed is not run
for source in packages/sdk/examples/*.ts; do
  name=$(basename "$source" .ts)
  [ "$name" = sandbox-env ] && continue
  node "dist/packages/sdk/examples/$name.js" || failed+=("$name")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "SDK examples failed: ${failed[*]}" >&2
  exit 1
fi
