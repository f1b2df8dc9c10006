// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  integrityFilesOf,
  integrityOf,
  pinnedDocuments,
  remoteIntegrityMode,
  remotesLockFile,
  remotePins,
  unpinnedRemotesMap,
} from './remotes-manifest.mjs';
import { makeDist, request, startCli, startHost } from './test-support.mjs';

const REMOTES = {
  mf_card: 'http://card.test/v7/mf-manifest.json',
  mf_pool: 'http://pool.test/mf-manifest.json',
};
/** A remote's mf-integrity.json as its build writes it (webpack/integrity.mjs). */
const listOf = (/** @type {string} */ tag) => ({
  algorithm: 'sha384',
  files: {
    'mf-manifest.json': integrityOf(`manifest ${tag}`),
    'remoteEntry.js': integrityOf(`entry ${tag}`),
    'card-main.0123abcd.js': integrityOf(`main ${tag}`),
  },
});

describe('remote integrity: the shell host pins each remote at deploy', () => {
  it('requires pins by default; "off" only when asked, and never in production', () => {
    expect(remoteIntegrityMode({})).toBe('required');
    expect(remoteIntegrityMode({ REMOTE_INTEGRITY: 'off', NODE_ENV: 'development' })).toBe('off');
    expect(() => remoteIntegrityMode({ REMOTE_INTEGRITY: 'off', NODE_ENV: 'production' })).toThrow(
      'REMOTE_INTEGRITY=off is refused in production',
    );
    expect(() => remoteIntegrityMode({ REMOTE_INTEGRITY: 'sometimes' })).toThrow('must be "required" or "off"');
    // Unset, or spelled another way, NODE_ENV is production.
    for (const NODE_ENV of [undefined, 'prod', 'Production', 'staging']) {
      expect(() => remoteIntegrityMode({ REMOTE_INTEGRITY: 'off', NODE_ENV })).toThrow(
        'REMOTE_INTEGRITY=off is refused in production',
      );
    }
    expect(remoteIntegrityMode({ REMOTE_INTEGRITY: 'off', NODE_ENV: 'test' })).toBe('off');
  });

  it("pins a production shell host from the deploy's lock file only", () => {
    expect(() => remotesLockFile({})).toThrow('a production shell host needs REMOTES_LOCK_FILE');
    expect(() => remotesLockFile({ NODE_ENV: 'staging' })).toThrow('needs REMOTES_LOCK_FILE');
    expect(remotesLockFile({ REMOTES_LOCK_FILE: ' /srv/remotes.lock.json ' })).toBe('/srv/remotes.lock.json');
    expect(remotesLockFile({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it("takes a remote's list only in the shape its build writes, with the manifest's own hash", () => {
    expect(integrityFilesOf(listOf('a'))).toEqual(listOf('a').files);
    const withoutManifest = Object.fromEntries(
      Object.entries(listOf('a').files).filter(([file]) => file !== 'mf-manifest.json'),
    );
    for (const wrong of [
      null,
      { files: [] },
      { files: withoutManifest },
      { files: { ...listOf('a').files, 'x.js': 'sha256-abc' } },
      { files: { ...listOf('a').files, '../x.js': integrityOf('x') } },
      { files: { ...listOf('a').files, 'https://evil.example/x.js': integrityOf('x') } },
    ]) {
      expect(integrityFilesOf(wrong)).toBeNull();
    }
  });

  it("reads each remote's mf-integrity.json at start, asks a remote that is not up yet again, and keeps what it read", async () => {
    /** @type {string[]} */
    const asked = [];
    let poolUp = false;
    const pins = remotePins({
      remotes: REMOTES,
      mode: 'required',
      log: () => undefined,
      fetchJson: async (url) => {
        asked.push(url);
        if (url.startsWith('http://card.test/')) return listOf('card');
        if (!poolUp) throw new Error('ECONNREFUSED');
        return listOf('pool');
      },
    });
    try {
      expect(asked).toEqual(['http://card.test/v7/mf-integrity.json', 'http://pool.test/mf-integrity.json']);
      setTimeout(() => (poolUp = true), 300);
      await pins.ready;
      expect(pins.map()).toEqual({
        ...REMOTES,
        integrity: {
          mode: 'required',
          manifests: {
            mf_card: integrityOf('manifest card'),
            mf_pool: integrityOf('manifest pool'),
          },
        },
      });
      expect(pins.lock().remotes.mf_card).toEqual({ manifest: REMOTES.mf_card, files: listOf('card').files });
      expect(pins.verify('mf_card', 'card-main.0123abcd.js', Buffer.from('main card'))).toBe(true);
      expect(pins.verify('mf_card', 'card-main.0123abcd.js', Buffer.from('main evil'))).toBe(false);
      expect(pins.verify('mf_card', 'other.js', Buffer.from('main card'))).toBe(false);
      expect(pins.filesOf('mf_esim')).toBeNull();
      expect(pins.filesOf('__proto__')).toBeNull();
    } finally {
      pins.stop();
    }
  });

  it('answers with what it has once the start wait is over: a remote still down stays unpinned (refused)', async () => {
    const pins = remotePins({
      remotes: REMOTES,
      mode: 'required',
      log: () => undefined,
      startWaitMs: 50,
      fetchJson: async (url) => {
        if (url.startsWith('http://card.test/')) return listOf('card');
        throw new Error('ECONNREFUSED');
      },
    });
    try {
      await pins.ready;
      expect(Object.keys(/** @type {any} */ (pins.map()).integrity.manifests)).toEqual(['mf_card']);
      expect(pins.filesOf('mf_pool')).toBeNull();
      expect(pins.verify('mf_pool', 'remoteEntry.js', Buffer.from('entry pool'))).toBe(false);
    } finally {
      pins.stop();
    }
  });

  it('takes the pins from the deploy’s lock file (REMOTES_LOCK_FILE), read again on reload', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-lock-'));
    const file = path.join(dir, 'remotes.lock.json');
    /** @type {string[]} */
    const logged = [];
    try {
      fs.writeFileSync(file, JSON.stringify({ mf_card: listOf('card') }));
      const pins = remotePins({
        remotes: REMOTES,
        mode: 'required',
        lockFile: file,
        log: (message) => logged.push(message),
        fetchJson: async () => {
          throw new Error('the lock file is the only source');
        },
      });
      await pins.ready;
      expect(pins.filesOf('mf_card')).toEqual(listOf('card').files);
      expect(pins.filesOf('mf_pool')).toBeNull();
      expect(logged).toContain(`mf_pool has no pins in ${file}: it is refused`);
      // A deploy of a new mf_card build: the lock file written again (here in /remotes.lock.json's shape), then SIGHUP.
      fs.writeFileSync(file, JSON.stringify({ mode: 'required', remotes: { mf_card: listOf('card2') } }));
      await pins.reload();
      expect(pins.filesOf('mf_card')).toEqual(listOf('card2').files);
      // A broken lock file keeps the pins it had.
      fs.writeFileSync(file, '{broken');
      await expect(pins.reload()).rejects.toThrow(`REMOTES_LOCK_FILE ${file} cannot be read`);
      expect(pins.filesOf('mf_card')).toEqual(listOf('card2').files);
      fs.rmSync(file);
      expect(() => remotePins({ remotes: REMOTES, mode: 'required', lockFile: file })).toThrow('cannot be read');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so in the map when nothing is pinned (REMOTE_INTEGRITY=off, the webpack dev server)', async () => {
    const pins = remotePins({ remotes: REMOTES, mode: 'off', fetchJson: async () => listOf('x') });
    await pins.ready;
    expect(pins.map()).toEqual({ ...REMOTES, integrity: { mode: 'off' } });
    expect(pins.verify('mf_card', 'remoteEntry.js', Buffer.from('anything'))).toBe(true);
    expect(unpinnedRemotesMap(REMOTES)).toEqual({ ...REMOTES, integrity: { mode: 'off' } });
  });

  it('serves /remotes.json as shells built earlier read it (name -> address), plus the pins, and /remotes.lock.json', async () => {
    const documents = pinnedDocuments(
      remotePins({
        remotes: REMOTES,
        mode: 'required',
        fetchJson: async (url) => (url.startsWith('http://card.test/') ? listOf('card') : listOf('pool')),
      }),
    );
    const map = /** @type {Record<string, any>} */ (await documents['/remotes.json']?.());
    const remotesOnly = Object.fromEntries(Object.entries(map).filter(([, value]) => typeof value === 'string'));
    expect(remotesOnly).toEqual(REMOTES);
    expect(map.integrity.manifests.mf_pool).toBe(integrityOf('manifest pool'));
    const lock = /** @type {any} */ (await documents['/remotes.lock.json']?.());
    expect(lock.remotes.mf_card.files['remoteEntry.js']).toBe(integrityOf('entry card'));
  });
});

describe('esim-host --shell: pins read from the remotes at start', () => {
  /** @type {string} */ let pkg;
  /** @type {string} */ let remoteRoot;
  /** @type {{ base: string, stop: () => Promise<unknown> }} */ let remote;

  beforeAll(async () => {
    pkg = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'esim-pins-'));
    fs.renameSync(makeDist(), path.join(pkg, 'dist'));
    // A remote's dist as its build leaves it: the list of its files' hashes beside its manifest.
    remoteRoot = makeDist();
    const files = Object.fromEntries(
      ['mf-manifest.json', 'remoteEntry.js', '12.89abcdef.js'].map((file) => [
        file,
        integrityOf(fs.readFileSync(path.join(remoteRoot, file))),
      ]),
    );
    fs.writeFileSync(path.join(remoteRoot, 'mf-integrity.json'), JSON.stringify({ algorithm: 'sha384', files }));
    remote = await startHost({ root: remoteRoot, allowedOrigins: ['*'] });
  });
  afterAll(async () => {
    await remote.stop();
    fs.rmSync(pkg, { recursive: true, force: true });
    fs.rmSync(remoteRoot, { recursive: true, force: true });
  });

  const remotesEnv = () =>
    Object.fromEntries(
      ['CARD', 'POOL', 'ESIM', 'ACCOUNT', 'CHECKOUT'].map((name) => [
        `REMOTE_MF_${name}`,
        `${remote.base}/mf-manifest.json`,
      ]),
    );

  it("carries each remote's manifest hash in /remotes.json and every file's in /remotes.lock.json", async () => {
    const host = await startCli(['--dir', 'dist', '--port', '0', '--spa', '--shell', '--host', '127.0.0.1'], {
      cwd: pkg,
      env: remotesEnv(),
    });
    try {
      const manifest = integrityOf(fs.readFileSync(path.join(remoteRoot, 'mf-manifest.json')));
      const map = JSON.parse((await request(`http://127.0.0.1:${host.ports[0]}/remotes.json`)).text);
      expect(map.mf_card).toBe(`${remote.base}/mf-manifest.json`);
      expect(map.integrity).toEqual({
        mode: 'required',
        manifests: {
          mf_card: manifest,
          mf_pool: manifest,
          mf_esim: manifest,
          mf_account: manifest,
          mf_checkout: manifest,
        },
      });
      const lock = JSON.parse((await request(`http://127.0.0.1:${host.ports[0]}/remotes.lock.json`)).text);
      expect(lock.remotes.mf_card.files['remoteEntry.js']).toBe(
        integrityOf(fs.readFileSync(path.join(remoteRoot, 'remoteEntry.js'))),
      );
      // The remote's list is served like its manifest: revalidated, to the shell's origin with CORS.
      const list = await request(`${remote.base}/mf-integrity.json`, { headers: { origin: 'http://localhost:8080' } });
      expect(list.headers['cache-control']).toBe('no-cache');
      expect(list.headers['access-control-allow-origin']).toBe('*');
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });

  it('refuses to start in production with pinning off', async () => {
    await expect(
      startCli(['--dir', 'dist', '--port', '0', '--spa', '--shell', '--host', '127.0.0.1'], {
        cwd: pkg,
        env: { ...remotesEnv(), NODE_ENV: 'production', REMOTE_INTEGRITY: 'off' },
      }),
    ).rejects.toThrow('REMOTE_INTEGRITY=off is refused in production');
  });

  it("refuses to start in production without the deploy's pins, NODE_ENV unset", async () => {
    await expect(
      startCli(['--dir', 'dist', '--port', '0', '--spa', '--shell', '--host', '127.0.0.1'], {
        cwd: pkg,
        env: { ...remotesEnv(), NODE_ENV: '' },
      }),
    ).rejects.toThrow('a production shell host needs REMOTES_LOCK_FILE');
  });
});
