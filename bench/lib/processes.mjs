// Child servers of a benchmark run: each in its own process group (so any child and worker go with it), its
// output in a log file (a pipe nobody reads would block it), all of them ended when the run ends, fails or is
// interrupted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
const cleanups = [];

/**
 * Starts `node args…` detached in its own process group; stdout and stderr go to `${logDir}/${name}.log`.
 * @param {string} name
 * @param {string[]} args node arguments (script first, or node flags then script)
 * @param {{ env?: Record<string, string>, cwd?: string, logDir: string }} options
 */
export function startNode(name, args, { env = {}, cwd, logDir }) {
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, args, {
    cwd,
    // Development unless asked: an unset NODE_ENV is a production start (api and hosts refuse the demo set-up).
    env: { ...process.env, NODE_ENV: 'development', ...env },
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.name = name;
  child.logFile = path.join(logDir, `${name}.log`);
  return child;
}

/** Polls `url` until it answers 2xx; fails early when `child` exits, and after `timeoutMs`. */
export async function waitForUrl(url, { timeoutMs = 90_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.exitCode} before ${url} answered (log: ${child.logFile})`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error.cause ?? error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends one child's process group: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stopChild(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // The group may hold more than the leader (a server may run children of its own).
  signalGroup(child, 'SIGKILL');
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Something else to undo at the end (a temp folder, a database schema), run after the children stop. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

let stopping = null;
/** The run is being torn down (a signal, or the end): start nothing new. */
export const isStopping = () => stopping !== null;
/** Stops every child and runs the cleanups, once. */
export function stopAll() {
  stopping ??= (async () => {
    await Promise.allSettled([...children].map((child) => stopChild(child)));
    for (const fn of cleanups.reverse())
      await Promise.resolve()
        .then(fn)
        .catch(() => undefined);
  })();
  return stopping;
}

/**
 * Runs `main` with teardown on every way out: normal end, a thrown error, Ctrl-C, SIGTERM. Children are also
 * killed synchronously if the process exits some other way.
 */
export async function withTeardown(main) {
  const onSignal = (signal) => {
    console.error(`\n[bench] ${signal}: stopping servers`);
    void stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  });
  let code = 0;
  try {
    await main();
  } catch (error) {
    console.error(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}`);
    code = 1;
  }
  await stopAll();
  process.exit(code);
}
