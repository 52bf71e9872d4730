#!/usr/bin/env bash
# Regenerates the SDK's types (packages/sdk/src/schema.ts) from the OpenAPI document the code serves.
# `--check` regenerates into a temporary folder and fails when the committed SDK differs (CI).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s build
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node dist/apps/api/src/openapi-export.js >"$tmp/openapi.json"
node node_modules/openapi-typescript/bin/cli.js "$tmp/openapi.json" -o "$tmp/schema.ts" >/dev/null 2>&1
if [ "${1:-}" = "--check" ]; then
  if ! cmp -s "$tmp/schema.ts" packages/sdk/src/schema.ts; then
    diff -u packages/sdk/src/schema.ts "$tmp/schema.ts" | head -60 || true
    echo "packages/sdk/src/schema.ts is not what the OpenAPI document gives: run 'npm run sdk:generate' and commit it." >&2
    exit 1
  fi
  echo "packages/sdk is current with the OpenAPI document"
else
  cp "$tmp/schema.ts" packages/sdk/src/schema.ts
  echo "packages/sdk/src/schema.ts regenerated"
fi
