#!/bin/sh
# Starts the built API as `npm start` and the Docker image run it; extra arguments go to node before the script
# (a later V8 flag overrides an earlier one). The settings and what each was measured to buy: docs/benchmarks.md.
cd "$(dirname "$0")/.." || exit 1

# glibc: two malloc arenas instead of one per thread, and fixed trim and mmap thresholds, so memory a burst freed goes
# back to the system. Set in the environment, they win.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

# V8's young generation. On PostgreSQL, V8's default 16 MB semi-spaces: with 8 MB, a quote request's state was
# collected young two or three times before it ended and was copied into the old generation, whose full collections
# then cost the quote fan-out about a tenth more CPU, while the peak under load was the same. On the embedded default,
# 8 MB: the database lives in this process, and the space stays committed once start-up has grown it (about 30 MB
# more idle with 16).
if [ -n "$DATABASE_URL" ]; then semi_space_mb=16; else semi_space_mb=8; fi

# --single-threaded-gc: V8's collections on the main thread alone; on a small machine shared with the database, its
# helper threads took the cores the requests in flight were waiting for.
exec node --single-threaded-gc --max-semi-space-size="$semi_space_mb" "$@" dist/apps/api/src/main.js
