// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time by function, and by "owner"
// (the npm package, the api's own folder, node internals, GC), both as self time and as inclusive time (a sample
// counts for an owner when any frame of its stack belongs to it: "time spent under zod", "under pg").
//
//   node bench/lib/cpuprofile.mjs <file.cpuprofile> [top=25] [last-seconds]
// last-seconds: only the samples of the profile's last N seconds (the load phase, without the start-up).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Who a frame belongs to: an npm package, a workspace folder, node itself, or V8's bookkeeping. */
export function ownerOf(callFrame) {
  const url = callFrame.url ?? '';
  if (!url) return callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const workspace = /\/work\/[^/]+\/([^/]+\/(?:src\/)?[^/]+)/.exec(url) ?? /([^/]+\/[^/]+)$/.exec(url);
  return workspace ? workspace[1] : url;
}

export function analyze(profile, { lastSeconds, owner = ownerOf } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map();
  let total = 0;
  const from = lastSeconds ? profile.endTime - lastSeconds * 1e6 : -Infinity;
  let clock = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = Math.max(0, profile.timeDeltas[i] ?? 0);
    clock += delta;
    if (clock < from) continue;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + delta);
    total += delta;
  }
  const functions = new Map();
  const ownersSelf = new Map();
  const ownersInclusive = new Map();
  const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    const frame = node.callFrame;
    const where = frame.url
      ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/\/work\/[^/]+\//, '')}:${frame.lineNumber + 1}`
      : '';
    add(functions, `${frame.functionName || '(anonymous)'} ${where}`.trim(), us);
    add(ownersSelf, owner(frame), us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(owner(byId.get(at).callFrame));
    for (const name of seen) add(ownersInclusive, name, us);
  }
  const ranked = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  const idle = (selfUs.size && ownersSelf.get('(idle)')) || 0;
  return {
    totalUs: total,
    idleUs: idle,
    functions: ranked(functions),
    ownersSelf: ranked(ownersSelf),
    ownersInclusive: ranked(ownersInclusive),
  };
}

/** A printable summary: shares of the busy (non-idle) time. */
export function describe(file, top = 25, lastSeconds = undefined, owner = ownerOf) {
  const result = analyze(JSON.parse(fs.readFileSync(file, 'utf8')), { lastSeconds, owner });
  const busy = result.totalUs - result.idleUs;
  const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const lines = [
    `${file}${lastSeconds ? ` (last ${lastSeconds} s)` : ''}: ${(result.totalUs / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares of busy time)`,
    '',
    'self time by owner:',
    ...result.ownersSelf
      .filter(([owner]) => owner !== '(idle)')
      .slice(0, top)
      .map(([owner, us]) => `  ${pct(us)}  ${owner}`),
    '',
    'inclusive time by owner (a sample counts once per owner on its stack):',
    ...result.ownersInclusive
      .filter(([owner]) => owner !== '(idle)' && owner !== '(root)')
      .slice(0, top)
      .map(([owner, us]) => `  ${pct(us)}  ${owner}`),
    '',
    'self time by function:',
    ...result.functions
      .filter(([name]) => !name.startsWith('(idle)'))
      .slice(0, top)
      .map(([name, us]) => `  ${pct(us)}  ${name}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) {
    console.error('usage: node bench/lib/cpuprofile.mjs <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(describe(process.argv[2], Number(process.argv[3] || 25), Number(process.argv[4]) || undefined));
}
