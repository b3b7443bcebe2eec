#!/usr/bin/env bash
# Node 22 LTS beside the machine's Node (issue 29.16). The Node 22 binary is the npm registry's
# `node` package (no other download). Kept cheap in CI time: a small server subset on PGlite and a
# start of the production server (built SPA, PGlite in a fresh folder) answering its health check.
set -euo pipefail
cd "$(dirname "$0")/.."
node22=$(npx -y -p node@22 -c 'command -v node')
echo "[ci] Node 22: $("$node22" --version) ($node22)"
"$node22" node_modules/vitest/vitest.mjs run --project server-pglite server/config.test.ts server/db/data-dir-lock.test.ts

data=$(mktemp -d)
port=$(( 20000 + RANDOM % 20000 ))
PORT=$port HOST=127.0.0.1 DATA_DIR="$data" "$node22" node_modules/tsx/dist/cli.mjs server/cli/start.ts >"$data/start.log" 2>&1 &
pid=$!
up=
# Waits on the server's own signal (health answers), bounded so a hung start fails the run.
for _ in $(seq 1 180); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >"$data/health.json" 2>/dev/null; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if [ -z "$up" ]; then echo "[ci] the production server did not start on Node 22:"; cat "$data/start.log"; exit 1; fi
echo "[ci] production start on Node 22: $(cat "$data/health.json")"
rm -rf "$data"
