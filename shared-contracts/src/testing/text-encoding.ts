// Test helper: jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads. The web jest project
// sets them up in jest.setup.web.ts; a jsdom test of the 'contracts' project imports this first.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
