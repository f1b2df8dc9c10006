// @ts-check
// The demo provider as a browser meets it: a child process (oidc-provider is ESM only, outside jest's module
// system), an authorization request, its sign-in page, and the form sent the way Enter in the e-mail field sends it
// (the form's first submit button).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { loginPage, errorPage } from './pages.mjs';

const BIN = path.join(__dirname, '..', 'bin', 'oidc-demo.mjs');
const CLIENT = 'esim-shop-test';
const REDIRECT = 'http://localhost:18999/user/login/callback';

/** The form of a page: its action, its fields and the name/value of each submit button, in page order. */
function formOf(html) {
  const form = html.match(/<form[^>]*action="([^"]+)"[\s\S]*?<\/form>/);
  if (!form) throw new Error('no form');
  const buttons = [...form[0].matchAll(/<button[^>]*type="submit"[^>]*>([^<]*)<\/button>/g)].map((match) => ({
    text: match[1],
    name: match[0].match(/name="([^"]+)"/)?.[1],
    value: match[0].match(/value="([^"]+)"/)?.[1],
  }));
  return { action: form[1], buttons, html: form[0] };
}

describe('demo sign-in page', () => {
  it('makes Sign in the first submit button, so Enter in the e-mail field signs in', () => {
    const { buttons } = formOf(loginPage({ uid: 'u1', label: 'Demo sign-in', clientId: 'shop' }));
    expect(buttons.map((button) => button.text)).toEqual(['Sign in', 'Cancel']);
    expect(buttons[0]).toMatchObject({ name: 'action', value: 'login' });
  });

  it('has a language, a labelled field, a title and an inline icon (no /favicon.ico request)', () => {
    for (const html of [loginPage({ uid: 'u1', label: 'Demo sign-in', clientId: 'shop' }), errorPage('Nope')]) {
      expect(html).toMatch(/<html lang="en">/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
      expect(html).toMatch(/<main>/);
      expect(html).not.toMatch(/<(script|img)\b/);
    }
    const page = loginPage({ uid: 'u1', label: 'Demo sign-in', clientId: 'shop' });
    expect(page).toMatch(/<label for="email">E-mail address<\/label>/);
    expect(page).toMatch(/<input id="email" name="email" type="email" autocomplete="email"/);
  });

  it('ties an error to the field it is about', () => {
    const page = loginPage({ uid: 'u1', label: 'Demo sign-in', clientId: 'shop', error: 'Enter an e-mail address.' });
    expect(page).toMatch(/<p class="error" id="email-error" role="alert">Enter an e-mail address\.<\/p>/);
    expect(page).toMatch(/aria-invalid="true" aria-describedby="email-error"/);
  });

  it('escapes what it shows', () => {
    expect(loginPage({ uid: 'u1', label: '<b>', clientId: '"x"' })).not.toMatch(/<b>|"x"/);
  });
});

describe('demo provider', () => {
  /** @type {import('node:child_process').ChildProcess} */ let child;
  /** @type {string} */ let issuer;

  beforeAll(async () => {
    child = spawn(process.execPath, [BIN], {
      env: {
        ...process.env,
        OIDC_DEMO_PORT: '0',
        OIDC_DEMO_CLIENT_ID: CLIENT,
        OIDC_DEMO_REDIRECT_URIS: REDIRECT,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    issuer = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk) => {
        out += chunk;
        const found = out.match(/at (http:\/\/\S+)/);
        if (found) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`provider exited (${code})`)));
    });
  }, 20000);

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  });

  it('answers /favicon.ico without a 404', async () => {
    const response = await fetch(`${issuer}/favicon.ico`);
    expect(response.status).toBe(204);
  });

  /** Starts a sign-in and returns the interaction page's HTML and its cookies. */
  async function startSignIn() {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const auth = new URL(`${issuer}/auth`);
    for (const [key, value] of Object.entries({
      client_id: CLIENT,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      auth.searchParams.set(key, value);
    }
    const started = await fetch(auth, { redirect: 'manual' });
    const cookies = started.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const location = started.headers.get('location');
    expect(location).toMatch(/^\/interaction\//);
    const page = await fetch(new URL(/** @type {string} */ (location), issuer), { headers: { cookie: cookies } });
    expect(page.status).toBe(200);
    return { html: await page.text(), cookies };
  }

  /** Follows the provider's redirects (cookies kept) until it sends the browser back to the client; that URL. */
  async function backToClient(first, cookies) {
    const jar = new Map(cookies.split('; ').map((cookie) => [cookie.split('=')[0], cookie]));
    let location = first;
    for (let hop = 0; hop < 10 && !location.startsWith(REDIRECT); hop++) {
      const response = await fetch(new URL(location, issuer), {
        redirect: 'manual',
        headers: { cookie: [...jar.values()].join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(';')[0];
        jar.set(pair.split('=')[0], pair);
      }
      location = response.headers.get('location') ?? '';
    }
    return new URL(location);
  }

  it('signs in when the form is sent with Enter (its first submit button), and cancels only with Cancel', async () => {
    const { html, cookies } = await startSignIn();
    const form = formOf(html);
    const enter = form.buttons[0];
    const body = new URLSearchParams({ email: 'ana@example.com', [String(enter?.name)]: String(enter?.value) });
    const sent = await fetch(new URL(form.action, issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(sent.status).toBe(303);
    const signedIn = await backToClient(String(sent.headers.get('location')), cookies);
    expect(signedIn.searchParams.get('code')).toBeTruthy();
    expect(signedIn.searchParams.get('error')).toBeNull();

    const again = await startSignIn();
    const cancel = formOf(again.html).buttons.find((button) => button.text === 'Cancel');
    const cancelled = await fetch(new URL(formOf(again.html).action, issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: again.cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '', [String(cancel?.name)]: String(cancel?.value) }),
    });
    expect(cancelled.status).toBe(303);
    const denied = await backToClient(String(cancelled.headers.get('location')), again.cookies);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });
});
