// Source runs only (index.ts under `tsx src/server.ts` or jest): starts pglite-worker.ts in the worker thread.
// Node 20 cannot start a worker from a .ts file by itself: jest transforms only the modules of its own registry
// (never a Worker's), and tsx registers its loader on the main thread only (tsx 4 skips worker threads on Node
// versions without worker_threads.isInternalThread, i.e. Node 20, even when started with the tsx CLI). tsImport
// compiles just this import chain. A compiled api (index.js) starts pglite-worker.js directly and never loads this
// file, nor tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
