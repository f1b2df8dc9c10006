import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { shortTasksPlugin } from './short-tasks-plugin';

// A remote's module as the federation runtime takes it: the container's init, its `get` and the module's evaluation,
// each a step of this stand-in container (its entry is given by the loadEntry hook: no script to fetch in jsdom).
// Tasks are counted with jest's timers: without MessageChannel a new task is a timer (lib/next-task.ts), so the work
// done between two runs of the pending timers is one task.
const steps: string[] = [];
const container = {
  init: async () => {
    steps.push('init');
  },
  get: async () => {
    steps.push('get');
    return () => {
      steps.push('evaluate');
      return { routes: [] };
    };
  },
};
const entryPlugin: ModuleFederationRuntimePlugin = {
  name: 'test-entry',
  loadEntry: () => container as never,
};

const realMessageChannel = globalThis.MessageChannel;
beforeEach(() => {
  steps.length = 0;
  // @ts-expect-error: jsdom's environment as next-task.ts sees it without it
  delete globalThis.MessageChannel;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  globalThis.MessageChannel = realMessageChannel;
});

/** Runs every promise callback that is ready, and nothing else: the rest of the current task. */
async function restOfTask() {
  for (let turn = 0; turn < 100; turn += 1) await Promise.resolve();
}

function host(name: string, plugins: ModuleFederationRuntimePlugin[]) {
  return createInstance({
    name,
    remotes: [{ name: 'mf_tasks', entry: 'http://tasks.test/remoteEntry.js', entryGlobalName: 'mf_tasks' }],
    plugins: [entryPlugin, ...plugins],
  });
}

it('without it, the container’s init, get and the module’s evaluation are one task', async () => {
  const loading = host('short_tasks_without', []).loadRemote('mf_tasks/routes');
  await restOfTask();
  expect(steps).toEqual(['init', 'get', 'evaluate']);
  await expect(loading).resolves.toEqual({ routes: [] });
});

it('takes each of the three steps in a task of its own', async () => {
  const loading = host('short_tasks_with', [shortTasksPlugin()]).loadRemote('mf_tasks/routes');
  const perTask: string[][] = [];
  for (let task = 0; task < 10 && steps.length < 3; task += 1) {
    const before = steps.length;
    jest.runOnlyPendingTimers();
    await restOfTask();
    perTask.push(steps.slice(before));
  }
  expect(perTask.filter((done) => done.length > 0)).toEqual([['init'], ['get'], ['evaluate']]);
  await expect(loading).resolves.toEqual({ routes: [] });
});

it('lets every step it holds go on only in a later task, and leaves the entry’s loading to the runtime', async () => {
  const hooks = shortTasksPlugin() as unknown as Record<string, () => Promise<unknown>>;
  const names = ['beforePreloadRemote', 'loadEntry', 'beforeInitRemote', 'beforeGetExpose', 'beforeExecuteFactory'];
  for (const name of names) {
    let settled = false;
    const result = hooks[name]!().then((value) => {
      settled = true;
      return value;
    });
    await restOfTask();
    expect(settled).toBe(false);
    jest.runOnlyPendingTimers();
    await restOfTask();
    expect(settled).toBe(true);
    // undefined: the runtime keeps what it had (its own entry loading, the preload list).
    await expect(result).resolves.toBeUndefined();
  }
});
