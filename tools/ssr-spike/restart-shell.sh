#!/usr/bin/env bash
# Restarts the spike's shell host (it reads index.html once at start): ports of the spike (api 29000, mf-card 29001).
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LOGS="${SSR_SPIKE_LOGS:-$ROOT/.ssr-spike-logs}"
mkdir -p "$LOGS"
LOGS="$(cd "$LOGS" && pwd)"
[ -f "$LOGS/shell.pid" ] && kill "$(cat "$LOGS/shell.pid")" 2>/dev/null
sleep 1
cd "$ROOT/shell" && (SHELL_PORT=29010 MF_CARD_PORT=29001 API_ORIGIN=http://127.0.0.1:29000 REMOTE_MF_CARD=http://localhost:29001/mf-manifest.json NODE_ENV=development "$@" node ../tools/build/bin/host.mjs --dir dist --spa --shell --port 29010 --port-env SHELL_PORT > "$LOGS/shell.log" 2>&1 & echo $! > "$LOGS/shell.pid")
