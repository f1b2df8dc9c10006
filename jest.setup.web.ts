// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads.
import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';
import { resetBus } from './shared-contracts/src/testing/bus';
import { takeCallProblems } from './shared-contracts/src/testing/stub-calls';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Every test starts with a fresh page bus and empty storage, and ends with the real fetch back. A call the test did
// not stub (or a stub that breaks its schema) fails the test here: the api client turns the fake's rejection into a
// quiet network failure, which a test could otherwise pass with.
beforeEach(() => resetBus());
afterEach(() => {
  const problems = takeCallProblems();
  // A server-side test (@jest-environment node, e.g. shell/src/server) has no page storage.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  if (problems.length) throw new Error(problems.join('\n'));
});
