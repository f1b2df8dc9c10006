import { spawnSync } from 'node:child_process';

/**
 * Chrome's DevTools protocol needs a WebSocket client: Node 22 has one built in, Node 20 behind a flag. Without it,
 * runs this script again with the flag and exits with its status (the child tears down on Ctrl-C).
 */
export function rerunWithWebSocket() {
  if (typeof WebSocket !== 'undefined') return;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined);
  const rerun = spawnSync(process.execPath, ['--experimental-websocket', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(rerun.status ?? 1);
}
