import { createHash, webcrypto } from 'node:crypto';
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isUnavailableModule, offlineRemotePlugin } from './offline-remote-plugin';
import { integrityOf, PinnedRemotes, REFUSED_INTEGRITY, RemoteIntegrityError } from './pinned-remotes';
import { remoteIntegrityPlugin } from './remote-integrity-plugin';

// The HTTP boundary: a remote's files as its host serves them (jsdom has no fetch, Response or SubtleCrypto; the
// runtime checks that a fetch hook answers with a Response).
class TestResponse {
  constructor(
    private readonly body: string,
    readonly status = 200,
  ) {}
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  clone() {
    return new TestResponse(this.body, this.status);
  }
  async arrayBuffer() {
    return new TextEncoder().encode(this.body).buffer as ArrayBuffer;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

const subtle = webcrypto.subtle as SubtleCrypto;
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

const MANIFEST_URL = 'http://card.test/v7/mf-manifest.json';
const ENTRY = 'remoteEntry.js';
const CHUNK = '__federation_expose_routes.0123abcd.js';
const manifestText = JSON.stringify({
  id: 'mf_card',
  name: 'mf_card',
  metaData: {
    name: 'mf_card',
    globalName: 'mf_card',
    publicPath: 'auto',
    remoteEntry: { name: ENTRY, path: '', type: 'global' },
    types: { path: '', name: '' },
    buildInfo: { buildVersion: '1', buildName: 'mf-card' },
    pluginVersion: '2.9.2',
  },
  shared: [],
  remotes: [],
  exposes: [
    {
      id: 'mf_card:routes',
      name: 'routes',
      path: './routes',
      assets: { js: { sync: [CHUNK], async: [] }, css: { sync: [], async: [] } },
    },
  ],
  integrity: { [ENTRY]: sri('var mf_card;'), [CHUNK]: sri('chunk();') },
});

afterEach(() => {
  document.head.innerHTML = '';
});

let served: Record<string, TestResponse>;
let requested: string[];

beforeEach(() => {
  served = { [MANIFEST_URL]: new TestResponse(manifestText) };
  requested = [];
  Object.assign(globalThis, {
    Response: TestResponse,
    fetch: jest.fn(async (url: string) => {
      requested.push(url);
      return served[url] ?? new TestResponse('not found', 404);
    }),
  });
});

function pinned(manifests: Record<string, string>, mode: 'required' | 'off' = 'required') {
  const pins = new PinnedRemotes();
  pins.pin({ mf_card: MANIFEST_URL }, { mode, manifests });
  return { pins, plugin: remoteIntegrityPlugin(pins, subtle) };
}

type Hooks = Required<Pick<ModuleFederationRuntimePlugin, 'fetch' | 'createScript' | 'createLink'>>;
const hooks = (plugin: ModuleFederationRuntimePlugin) => plugin as Hooks;

describe('remote integrity: the shell refuses remote code that does not match its pins', () => {
  it('hashes as the builds do (sha384, SRI form)', async () => {
    await expect(integrityOf(new TextEncoder().encode(manifestText).buffer as ArrayBuffer, subtle)).resolves.toBe(
      sri(manifestText),
    );
  });

  it("takes a manifest that matches its pin, and gives the remote's entry and chunks the hashes it names", async () => {
    const { plugin } = pinned({ mf_card: sri(manifestText) });
    const answer = (await hooks(plugin).fetch(MANIFEST_URL, {})) as unknown as TestResponse;
    await expect(answer.json()).resolves.toMatchObject({ name: 'mf_card' });

    const entry = hooks(plugin).createScript({ url: `http://card.test/v7/${ENTRY}`, attrs: {} }) as HTMLScriptElement;
    expect(entry.getAttribute('integrity')).toBe(sri('var mf_card;'));
    expect(entry.getAttribute('crossorigin')).toBe('anonymous');
    expect(entry.getAttribute('src')).toBe(`http://card.test/v7/${ENTRY}`);
    expect(entry.type).toBe('text/javascript');

    // The runtime's preload of an expose's chunk matches the script that runs it (same CORS mode and hash).
    const preload = hooks(plugin).createLink({
      url: `http://card.test/v7/${CHUNK}`,
      attrs: { rel: 'preload', as: 'script' },
    }) as HTMLLinkElement;
    expect(preload.getAttribute('rel')).toBe('preload');
    expect(preload.getAttribute('as')).toBe('script');
    expect(preload.getAttribute('integrity')).toBe(sri('chunk();'));
    expect(preload.getAttribute('crossorigin')).toBe('anonymous');
  });

  it("answers a remote's own instance for its chunks, as its webpack runtime asks (tools/build/webpack/integrity.mjs)", async () => {
    const { plugin } = pinned({ mf_card: sri(manifestText) });
    await hooks(plugin).fetch(MANIFEST_URL, {});
    // The remote's instance, made after the shell registered the plugin for every instance of the page.
    const remote = createInstance({ name: 'mf_card_chunks_test', remotes: [], plugins: [plugin] });
    const answer = remote.loaderHook.lifecycle.createScript.emit({
      url: `http://card.test/v7/${CHUNK}`,
      attrs: { crossorigin: 'anonymous' },
    });
    expect(answer).toBeInstanceOf(HTMLScriptElement);
    expect((answer as HTMLScriptElement).getAttribute('integrity')).toBe(sri('chunk();'));
  });

  it('after a Retry asks for the remote’s files at a fresh address (past a refused copy the page holds), same hash', async () => {
    const { pins, plugin } = pinned({ mf_card: sri(manifestText) });
    await hooks(plugin).fetch(MANIFEST_URL, {});
    pins.retry(MANIFEST_URL);
    pins.retry(MANIFEST_URL);
    const chunk = hooks(plugin).createScript({ url: `http://card.test/v7/${CHUNK}` }) as HTMLScriptElement;
    expect(chunk.getAttribute('src')).toBe(`http://card.test/v7/${CHUNK}?retry=2`);
    expect(chunk.getAttribute('integrity')).toBe(sri('chunk();'));
    // Files of no checked manifest keep their address (and are refused).
    const other = hooks(plugin).createScript({ url: 'http://other.test/x.js' }) as HTMLScriptElement;
    expect(other.getAttribute('src')).toBe('http://other.test/x.js');
  });

  it('refuses a manifest that does not match its pin, and trusts none of the hashes it names', async () => {
    served[MANIFEST_URL] = new TestResponse(manifestText.replace('"mf-card"', '"mf-evil"'));
    const { plugin } = pinned({ mf_card: sri(manifestText) });
    await expect(hooks(plugin).fetch(MANIFEST_URL, {})).rejects.toThrow(RemoteIntegrityError);
    await expect(hooks(plugin).fetch(MANIFEST_URL, {})).rejects.toThrow('does not match the hash pinned for it');
    const entry = hooks(plugin).createScript({ url: `http://card.test/v7/${ENTRY}` }) as HTMLScriptElement;
    expect(entry.getAttribute('integrity')).toBe(REFUSED_INTEGRITY);
  });

  it('refuses a remote the map pins nothing for, without asking for its manifest (failing closed)', async () => {
    const { plugin } = pinned({});
    await expect(hooks(plugin).fetch(MANIFEST_URL, {})).rejects.toThrow('has no pinned hash');
    expect(requested).toEqual([]);
  });

  it('gives a file no manifest names an integrity no file has: the browser fetches and refuses it', async () => {
    const { plugin } = pinned({ mf_card: sri(manifestText) });
    await hooks(plugin).fetch(MANIFEST_URL, {});
    const other = hooks(plugin).createScript({ url: 'http://card.test/v7/999.ffffffff.js' }) as HTMLScriptElement;
    expect(other.getAttribute('integrity')).toBe(REFUSED_INTEGRITY);
    expect(REFUSED_INTEGRITY).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const elsewhere = hooks(plugin).createScript({ url: `http://other.test/v7/${ENTRY}` }) as HTMLScriptElement;
    expect(elsewhere.getAttribute('integrity')).toBe(REFUSED_INTEGRITY);
  });

  it('refuses when the page cannot hash (no SubtleCrypto outside a secure context)', async () => {
    const pins = new PinnedRemotes();
    pins.pin({ mf_card: MANIFEST_URL }, { mode: 'required', manifests: { mf_card: sri(manifestText) } });
    const plugin = remoteIntegrityPlugin(pins);
    await expect(hooks(plugin).fetch(MANIFEST_URL, {})).rejects.toThrow('not a secure context');
  });

  it("checks nothing only where the map says 'off' (development)", async () => {
    const { plugin } = pinned({}, 'off');
    expect(hooks(plugin).fetch(MANIFEST_URL, {})).toBeUndefined();
    expect(hooks(plugin).createScript({ url: `http://card.test/v7/${ENTRY}` })).toBeUndefined();
    expect(
      hooks(plugin).createLink({ url: `http://card.test/v7/${CHUNK}`, attrs: { rel: 'preload' } }),
    ).toBeUndefined();
  });

  it('through the federation runtime: the remote entry’s script carries its pinned hash, and a refusal is its fallback', async () => {
    const { plugin } = pinned({ mf_card: sri(manifestText) });
    const host = createInstance({
      name: 'shell_entry_test',
      remotes: [{ name: 'mf_card', entry: MANIFEST_URL }],
      plugins: [plugin, offlineRemotePlugin()],
    });
    const loading = host.loadRemote('mf_card/routes');
    const selector = `script[src="http://card.test/v7/${ENTRY}"]`;
    for (let tries = 0; tries < 50 && !document.querySelector(selector); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const script = document.querySelector<HTMLScriptElement>(selector);
    expect(script?.getAttribute('integrity')).toBe(sri('var mf_card;'));
    expect(script?.getAttribute('crossorigin')).toBe('anonymous');
    // What the browser does with a script whose bytes do not match: an error event, and the script does not run.
    script?.dispatchEvent(new Event('error'));
    expect(isUnavailableModule(await loading)).toBe(true);
  });

  it("through the federation runtime: a tampered manifest gives the remote's stand-in (its fallback), nothing run", async () => {
    // Another deployment's address: the runtime keeps a manifest it has read for the page's life.
    const tamperedUrl = 'http://card.test/v8/mf-manifest.json';
    served[tamperedUrl] = new TestResponse(manifestText.replace(sri('chunk();'), sri('evil();')));
    const pins = new PinnedRemotes();
    pins.pin({ mf_card: tamperedUrl }, { mode: 'required', manifests: { mf_card: sri(manifestText) } });
    const plugin = remoteIntegrityPlugin(pins, subtle);
    const host = createInstance({
      name: 'shell_integrity_test',
      remotes: [{ name: 'mf_card', entry: tamperedUrl }],
      plugins: [plugin, offlineRemotePlugin()],
    });
    const loaded = await host.loadRemote('mf_card/routes');
    expect(isUnavailableModule(loaded)).toBe(true);
    expect(requested).toEqual([tamperedUrl]);
    expect(document.querySelector('script[src*="card.test/v8/"]')).toBeNull();
  });
});
