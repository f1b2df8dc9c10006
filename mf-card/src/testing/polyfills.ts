// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads. Import this first in a test file.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
