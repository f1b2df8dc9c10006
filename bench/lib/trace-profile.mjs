// Main-thread JavaScript of a page load, from a Lighthouse trace recorded with the V8 sampling profiler on
// ('disabled-by-default-v8.cpu_profiler'): the trace's Profile/ProfileChunk events of the renderer's main thread
// become one .cpuprofile (the format `node --cpu-prof` writes), which cpuprofile.mjs reads. The bundles are
// minified, so frames are named by their script; chunkOwners() turns a script into the packages it holds, from the
// build statistics every package writes to dist/.stats/.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The renderer main thread's samples as a .cpuprofile: the profile with the most samples among those of the threads
 * named CrRendererMain (a page with a service worker has a busy profile on the worker's thread too), else of all.
 */
export function traceToCpuProfile(trace) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const profiles = new Map();
  for (const event of events) {
    if (event.name === 'Profile') {
      profiles.set(`${event.pid}:${event.id}`, {
        main: mainThreads.has(`${event.pid}:${event.tid}`),
        startTime: event.args.data.startTime,
        nodes: new Map(),
        samples: [],
        timeDeltas: [],
      });
    }
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(`${event.pid}:${event.id}`);
    const data = event.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) {
      profile.nodes.set(node.id, { ...node, children: [] });
    }
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.timeDeltas.push(...(data.timeDeltas ?? []));
  }
  const busiest = [...profiles.values()].sort(
    (a, b) => Number(b.main) - Number(a.main) || b.samples.length - a.samples.length,
  )[0];
  if (!busiest) throw new Error('no CPU profile in the trace (recorded without the v8.cpu_profiler category?)');
  // Chunks list parents; a .cpuprofile lists children.
  for (const node of busiest.nodes.values()) {
    if (node.parent !== undefined) busiest.nodes.get(node.parent)?.children.push(node.id);
  }
  const nodes = [...busiest.nodes.values()].map((node) => {
    const copy = { ...node };
    delete copy.parent;
    return copy;
  });
  const endTime = busiest.startTime + busiest.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  return { nodes, startTime: busiest.startTime, endTime, samples: busiest.samples, timeDeltas: busiest.timeDeltas };
}

/** Package of a webpack module name (`../node_modules/.pnpm/x@1/node_modules/x/...` or `./src/features/a/...`). */
function packageOf(moduleName, pkg) {
  const modules = moduleName.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = moduleName.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const feature = /src\/features\/([^/]+)/.exec(moduleName);
  if (moduleName.includes('shared-contracts/')) return 'shared-contracts';
  return feature ? `${pkg}:${feature[1]}` : `${pkg}:src`;
}

/**
 * file name (e.g. 3262.54aa1ed3.js) → "react-dom 92%, scheduler 5%": what a script of a built folder holds, by
 * module size, from dist/.stats/*.json (@esim/build's BuildStatsPlugin, or bench/mono's).
 * @param {Record<string, string>} dists package label → dist folder
 */
export function chunkOwners(dists) {
  const owners = new Map();
  for (const [pkg, dist] of Object.entries(dists)) {
    const statsDir = path.join(dist, '.stats');
    if (!fs.existsSync(statsDir)) continue;
    for (const file of fs.readdirSync(statsDir).filter((name) => name.endsWith('.json'))) {
      const stats = JSON.parse(fs.readFileSync(path.join(statsDir, file), 'utf8'));
      for (const chunk of stats.chunks ?? []) {
        const sizes = new Map();
        const visit = (module) => {
          if (module.modules?.length) module.modules.forEach(visit);
          else if (module.name)
            sizes.set(packageOf(module.name, pkg), (sizes.get(packageOf(module.name, pkg)) ?? 0) + (module.size ?? 0));
        };
        (chunk.modules ?? []).forEach(visit);
        const total = [...sizes.values()].reduce((sum, size) => sum + size, 0) || 1;
        const label = [...sizes.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, size]) => `${name} ${Math.round((100 * size) / total)}%`)
          .join(', ');
        for (const asset of chunk.files ?? []) if (asset.endsWith('.js')) owners.set(`${pkg}/${asset}`, label);
      }
    }
  }
  return owners;
}
