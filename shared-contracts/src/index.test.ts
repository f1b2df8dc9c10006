import type * as Entry from './index';

// The browser entry must not load zod: remotes import it and zod would cost ~22 KB gzip on every phone.
describe('shared-contracts entry', () => {
  it('loads without zod', () => {
    jest.isolateModules(() => {
      jest.doMock('zod', () => {
        throw new Error('zod was loaded at run time by the browser entry');
      });
      const entry = jest.requireActual<typeof Entry>('./index');
      expect(typeof entry.createApiClient).toBe('function');
      expect(entry.calls.getCard.path).toBe('/get/card');
    });
  });

  it('would notice a value import of zod (the probe works)', () => {
    jest.isolateModules(() => {
      jest.doMock('zod', () => {
        throw new Error('zod loaded');
      });
      expect(() => jest.requireActual('./schemas/calls')).toThrow('zod loaded');
    });
  });
});
