// The page's main-thread tasks from a saved trace (BENCH_PROFILE=1 writes <page>-<method>-<round>.trace.json.gz):
// every task over a threshold, when it ran, how long, and what it spent its time on (the trace events directly
// inside it, by name, with the script or function they name). TBT counts each task's time over 50 ms after the
// CPU slowdown, so under Lighthouse's 4x a task of 12.5 ms here is already blocking in a simulated run.
//   node bench/lib/tasks.mjs <file.trace.json.gz> [min ms, default 10]
import fs from 'node:fs';
import zlib from 'node:zlib';
import { traceToCpuProfile } from './trace-profile.mjs';

/** The renderer main thread of the page: the thread named CrRendererMain with the most task time. */
export function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const names = new Map();
  for (const event of events) {
    if (event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      names.set(`${event.pid}:${event.tid}`, true);
  }
  const byThread = new Map();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!names.has(key) || event.ph !== 'X' || !event.dur) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }
  const threads = [...byThread.values()].map((list) => {
    const tasks = list.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
    return { list, tasks, total: tasks.reduce((sum, task) => sum + task.dur, 0) };
  });
  threads.sort((a, b) => b.total - a.total);
  return threads[0] ?? { list: [], tasks: [], total: 0 };
}

const label = (event) => {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const where = data.url || data.functionName || data.stackTrace?.[0]?.url || '';
  return where ? `${event.name} ${String(where).replace(/^https?:\/\/[^/]+/, '')}` : event.name;
};

/**
 * The V8 sampling profiler's samples of the renderer's main thread (trace-profile.mjs, BENCH_PROFILE=1), as
 * { ts, stack } with stack the frames from the root, each "function file:line".
 */
function profileSamples(trace) {
  let profile;
  try {
    profile = traceToCpuProfile(trace);
  } catch {
    return []; // recorded without the profiler: tasks only
  }
  // A .cpuprofile lists each node's children: the other way round for the stacks.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const frame = (node) => {
    const call = node.callFrame ?? {};
    const file = (call.url ?? '').replace(/^https?:\/\/[^/]+\//, '');
    return `${call.functionName || '(anonymous)'}${file ? ` ${file}:${call.lineNumber + 1}` : ''}`;
  };
  const stacks = new Map();
  const stackOf = (id) => {
    if (stacks.has(id)) return stacks.get(id);
    const node = nodes.get(id);
    const parent = parents.get(id);
    const stack = parent !== undefined ? [...stackOf(parent), frame(node)] : node ? [frame(node)] : [];
    stacks.set(id, stack);
    return stack;
  };
  let ts = profile.startTime;
  return profile.samples.map((id, index) => {
    ts += profile.timeDeltas[index] ?? 0;
    return { ts, stack: stackOf(id) };
  });
}

/** The deepest frame under which at least `share` of the samples sit, and the top self-time frames. */
function whereTheTimeWent(samples, share = 0.6) {
  const busy = samples.filter(
    (sample) => !/^\((idle|program|garbage collector|root)\)/.test(sample.stack.at(-1) ?? ''),
  );
  if (!busy.length) return '';
  let depth = 0;
  let common = '';
  for (;;) {
    const counts = new Map();
    for (const sample of busy)
      if (sample.stack[depth]) counts.set(sample.stack[depth], (counts.get(sample.stack[depth]) ?? 0) + 1);
    const [best, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!best || count < busy.length * share) break;
    common = best;
    depth += 1;
  }
  // What the common frame called, by share of the samples.
  const below = new Map();
  for (const sample of busy) {
    const next = sample.stack[depth];
    if (next) below.set(next, (below.get(next) ?? 0) + 1);
  }
  const calls = [...below.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, count]) => `${Math.round((100 * count) / busy.length)}% ${name}`);
  const self = new Map();
  for (const sample of busy) self.set(sample.stack.at(-1), (self.get(sample.stack.at(-1)) ?? 0) + 1);
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, count]) => `${Math.round((100 * count) / busy.length)}% ${name}`);
  return `\n          under ${common || '(several)'}\n          calls: ${calls.join('; ')}\n          self: ${top.join('; ')}`;
}

/** Each task over minMs (trace time): start from navigation, duration, and its children's time by label. */
export function describeTasks(trace, minMs = 10) {
  const { list, tasks } = mainThreadTasks(trace);
  const samples = profileSamples(trace);
  const events = trace.traceEvents ?? trace;
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame);
  const origin = navigation?.ts ?? Math.min(...tasks.map((task) => task.ts));
  const sorted = [...list].sort((a, b) => a.ts - b.ts);
  const lines = [];
  for (const task of tasks.filter((item) => item.dur / 1000 >= minMs)) {
    const end = task.ts + task.dur;
    const inside = sorted.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= end);
    // Direct children only: drop an event that sits inside another event of the task.
    const direct = inside.filter(
      (event) =>
        !inside.some(
          (outer) =>
            outer !== event &&
            outer.ts <= event.ts &&
            outer.ts + outer.dur >= event.ts + event.dur &&
            outer.dur > event.dur,
        ),
    );
    const byLabel = new Map();
    for (const event of direct) byLabel.set(label(event), (byLabel.get(label(event)) ?? 0) + event.dur / 1000);
    const parts = [...byLabel.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${ms.toFixed(1)} ${name}`);
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
    lines.push(
      `${((task.ts - origin) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(1).padStart(6)} ms  ${parts.join(' | ')}` +
        whereTheTimeWent(inTask),
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, min] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/lib/tasks.mjs <file.trace.json.gz> [min ms]');
    process.exit(2);
  }
  const raw = fs.readFileSync(file);
  const trace = JSON.parse((file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8'));
  console.log(`  start      length   inside (ms, direct children, largest first)`);
  console.log(describeTasks(trace, Number(min ?? 10)));
}
