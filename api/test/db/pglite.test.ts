import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/db/index';
import { migrate } from '../../src/db/migrate';

jest.setTimeout(60_000);

// The embedded database keeps its data folder: what one start wrote, the next start reads.
describe('PGlite data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-pglite-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('survives a restart', async () => {
    const first = await createDb({ pgliteDir: dir });
    expect(first.kind).toBe('pglite');
    expect(await migrate(first)).toContain(1);
    await first.query(`INSERT INTO config (key, value) VALUES ('restart_probe', '"written before restart"')`);
    await first.close();

    const second = await createDb({ pgliteDir: dir });
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await second.one(`SELECT value FROM config WHERE key = 'restart_probe'`)).toEqual({
        value: 'written before restart',
      });
    } finally {
      await second.close();
    }
  });
});
