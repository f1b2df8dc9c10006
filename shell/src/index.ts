// The shell's shared packages are eager (in this entry chunk, @esim/build shellFederation): the federation runtime
// has them before any import runs, so the app starts from this one file, with no chunk to fetch first.
//
// It starts in stages, one task each, instead of one long task. Measured on the card page (Lighthouse, mobile):
// evaluating this file and everything the app imports in one go was a 52 ms task on this machine (200+ ms on the
// simulated phone, most of the page's Total Blocking Time), a third of it the federation runtime resolving each
// shared package for its first consumer. Each stage takes a group of modules through that and runs them (they then
// sit in webpack's module cache for the next stages), and the browser may paint and handle input in between; the
// stages are 1-13 ms here. The imports are eager: no request, only a task boundary.
import { makeIntlWorker } from './lib/intl-worker';
import { nextTask } from './lib/next-task';
import { warmIntl } from './lib/warm-intl';

// ICU's data loaded by a worker while the code below is evaluated (lib/warm-intl.ts): the first format the app makes on
// the main thread is then short.
warmIntl(makeIntlWorker, document.documentElement.lang || navigator.language);

const STAGES: Array<() => Promise<unknown>> = [
  () =>
    Promise.all([
      import(/* webpackMode: "eager" */ 'react'),
      import(/* webpackMode: "eager" */ 'react/jsx-runtime'),
      import(/* webpackMode: "eager" */ 'react-dom'),
    ]),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  // One package a stage: styled-components, i18next with react-i18next, and shared-contracts took 40 ms as one
  // stage here (160 ms with the CPU slowed four times), about a third each.
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => Promise.all([import(/* webpackMode: "eager" */ 'i18next'), import(/* webpackMode: "eager" */ 'react-i18next')]),
  () => import(/* webpackMode: "eager" */ 'shared-contracts'),
  () => import(/* webpackMode: "eager" */ 'shared-contracts/ui'),
  // The app's own modules (providers, then the chrome and routes: 34 ms as one stage), then the start-up itself.
  () => import(/* webpackMode: "eager" */ './app/provider'),
  () => import(/* webpackMode: "eager" */ './app/App'),
  () => import(/* webpackMode: "eager" */ './start'),
  () => import(/* webpackMode: "eager" */ './bootstrap'),
];

async function start(): Promise<void> {
  for (const stage of STAGES) {
    await nextTask();
    await stage();
  }
}

start().catch((error: unknown) => console.error('[shell] start-up failed', error));
