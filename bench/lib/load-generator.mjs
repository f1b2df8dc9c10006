// An open-loop load generator: operations are scheduled at a fixed rate whatever the answers (a slow or failing
// server does not slow the load down, as real visitors would not), and each latency is measured from the time the
// operation was scheduled, not from when a socket was free to send it, so queueing shows in the figures (no
// coordinated omission). Plain node:http with keep-alive agents (one pool per origin); no dependency.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** A failed operation: `kind` is what the report groups by (e.g. "http 503", "code 10007", "net ECONNRESET"). */
export class LoadError extends Error {
  constructor(kind, detail) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.kind = kind;
  }
}

/**
 * HTTP/1.1 with keep-alive: up to `maxSockets` connections per origin (requests beyond wait for one, and that wait
 * counts in their latency), each request failing after `timeoutMs`.
 */
export function httpClient({ maxSockets = 256, timeoutMs = 10_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
  return {
    /** Answers { status, headers, text }; rejects with LoadError('net …') when no answer came. */
    request(url, { method = 'GET', headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : Buffer.from(body);
        const request = http.request(
          url,
          {
            method,
            agent,
            headers: { ...headers, ...(payload ? { 'content-length': payload.length } : {}) },
          },
          (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => {
              clearTimeout(timer);
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                text: Buffer.concat(chunks).toString('utf8'),
              });
            });
            response.on('error', (error) => {
              clearTimeout(timer);
              reject(new LoadError(`net ${error.code || 'aborted'}`));
            });
          },
        );
        const timer = setTimeout(
          () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
          timeoutMs,
        );
        request.on('error', (error) => {
          clearTimeout(timer);
          reject(error instanceof LoadError ? error : new LoadError(`net ${error.code || error.message}`));
        });
        request.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** POST JSON; answers the envelope's data, throws LoadError unless HTTP 2xx and code 10000. */
export async function callEnvelope(client, url, body, headers = {}) {
  const response = await client.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let envelope;
  try {
    envelope = JSON.parse(response.text);
  } catch {
    throw new LoadError(`http ${response.status}${response.status < 300 ? ' not JSON' : ''}`);
  }
  if (response.status < 200 || response.status >= 300) {
    // The envelope's code says who answered: the api (e.g. 10007 shedding load) or not (the balancer's own page).
    throw new LoadError(`http ${response.status}${envelope?.code !== undefined ? ` code ${envelope.code}` : ''}`);
  }
  if (envelope?.code !== 10000) throw new LoadError(`code ${envelope?.code}`, envelope?.message);
  return envelope.data;
}

/** A weighted pick of operations, the same sequence for the same seed (mulberry32). */
function picker(ops, seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const total = ops.reduce((sum, op) => sum + op.weight, 0);
  return () => {
    let left = random() * total;
    for (const op of ops) {
      left -= op.weight;
      if (left < 0) return op;
    }
    return ops[ops.length - 1];
  };
}

/** HTTP requests per operation on average, for turning a request rate into an operation rate. */
export function requestsPerOp(ops) {
  const total = ops.reduce((sum, op) => sum + op.weight, 0);
  return ops.reduce((sum, op) => sum + op.weight * (op.requests ?? 1), 0) / total;
}

/**
 * Runs `ops` (each { kind, weight, requests, run(): Promise }) at `rate` HTTP requests per second for `seconds`,
 * open loop. Answers every operation's result: { kind, at (ms from the start, as scheduled), latency (ms, from the
 * scheduled time), end (ms from the start), error (LoadError kind or null), requests }. `onSecond(second, elapsed)` is
 * called once a second (faults are injected from there); elapsed() is the time in ms on the results' clock.
 */
export async function runOpenLoop({ ops, rate, seconds, seed = 1, onSecond }) {
  const opRate = rate / requestsPerOp(ops);
  const interval = 1000 / opRate;
  const pick = picker(ops, seed);
  const results = [];
  const inFlight = new Set();
  const t0 = performance.now();
  const durationMs = seconds * 1000;
  let index = 0;
  let second = 0;
  const launch = (at) => {
    const op = pick();
    const promise = Promise.resolve()
      .then(() => op.run())
      .then(
        () => null,
        (error) => (error instanceof LoadError ? error.kind : `error ${error?.message ?? error}`),
      )
      .then((error) => {
        const end = performance.now() - t0;
        results.push({ kind: op.kind, at, latency: end - at, end, error, requests: op.requests ?? 1 });
        inFlight.delete(promise);
      });
    inFlight.add(promise);
  };
  for (;;) {
    const now = performance.now() - t0;
    if (now >= durationMs) break;
    while (index * interval <= now && index * interval < durationMs) {
      launch(index * interval);
      index += 1;
    }
    if (onSecond && Math.floor(now / 1000) > second) {
      second = Math.floor(now / 1000);
      onSecond(second, () => performance.now() - t0);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(20, index * interval - now))));
  }
  await Promise.all(inFlight);
  return { rate, seconds, scheduled: index, results, wallMs: performance.now() - t0 };
}

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Per kind and overall: operations, HTTP requests, failures (by error kind), p50 and p99 latency in ms.
 * `filter` picks results (e.g. a phase's time window).
 */
export function summarize(results, filter = () => true) {
  const groups = new Map();
  const add = (key, result) => {
    let group = groups.get(key);
    if (!group) {
      group = { kind: key, ops: 0, requests: 0, failed: 0, errors: {}, latencies: [] };
      groups.set(key, group);
    }
    group.ops += 1;
    group.requests += result.requests;
    group.latencies.push(result.latency);
    if (result.error) {
      group.failed += 1;
      group.errors[result.error] = (group.errors[result.error] ?? 0) + 1;
    }
  };
  for (const result of results) {
    if (!filter(result)) continue;
    add(result.kind, result);
    add('all', result);
  }
  return [...groups.values()].map((group) => {
    const sorted = Float64Array.from(group.latencies).sort();
    const { kind, ops, requests, failed, errors } = group;
    return {
      kind,
      ops,
      requests,
      failed,
      errors,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  });
}

export const errorText = (errors) =>
  Object.entries(errors)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ') || '–';
