import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ProviderClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

export interface LocalProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts the real local OpenID provider (oidc-provider) in a child process for the test file. */
export async function startLocalProvider(clients: ProviderClient[]): Promise<LocalProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(__dirname, 'oidc-provider-process.mjs'), JSON.stringify(clients)],
    { cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`OpenID provider exited (${code}): ${err}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Plays the browser at the provider: follows its redirects with a cookie jar, signs in as `email` on the demo's
 * login form (or presses Cancel), and returns the callback URL the provider sends the browser back to.
 */
export async function signInAtProvider(authorizationUrl: string, email: string, action: 'login' | 'deny' = 'login') {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let submitted = false;
  for (let hop = 0; hop < 12; hop += 1) {
    const interaction = /\/interaction\/([\w-]+)$/.exec(new URL(url).pathname);
    let response: Response;
    if (interaction && !submitted) {
      // The login form first (GET renders it), then its POST.
      const page = await fetch(url, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
      remember(page);
      if (page.status === 200) {
        submitted = true;
        response = await fetch(`${url}/login`, {
          method: 'POST',
          headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, action }).toString(),
          redirect: 'manual',
        });
      } else {
        response = page;
      }
    } else {
      response = await fetch(url, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
    }
    remember(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
