// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads.
import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';

Object.assign(globalThis, { TextEncoder, TextDecoder });
