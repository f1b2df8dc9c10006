import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { request as httpsRequest, type Agent } from 'node:https';
import * as zlib from 'node:zlib';
import { WebhookRejected, WebhookUnverifiable } from './types';

/**
 * PayPal's webhook signature, checked here before PayPal is asked (verify-webhook-signature), the way PayPal documents
 * it and its SDKs do: `paypal-transmission-sig` is a base64 RSA-SHA256 signature (`paypal-auth-algo`
 * SHA256withRSA) over `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, unsigned decimal>`,
 * made with the key of the X.509 certificate at `paypal-cert-url`. That URL must be on PayPal's certificate host
 * (fetched over TLS, so what it serves is PayPal's), and the certificate must be current and issued to PayPal's
 * message verification name. A forged post fails here without any call to PayPal and without using up the limit on
 * those calls (WebhookGuard); certificates are fetched once per URL and kept for hours, and fetching is itself
 * bounded (one fetch per URL at a time, a few new URLs a minute), so forged cert URLs cannot make us fetch endlessly.
 */

export const PAYPAL_AUTH_ALGO = 'SHA256withRSA';
/** Where PayPal publishes the certificates its webhooks name (live and sandbox). */
export const PAYPAL_CERT_HOSTS: ReadonlyArray<string> = ['api.paypal.com', 'api.sandbox.paypal.com'];
/** The subject CN of PayPal's webhook signing certificates (live and sandbox). */
export const PAYPAL_CERT_SUBJECTS: ReadonlyArray<string> = [
  'messageverificationcerts.paypal.com',
  'messageverificationcerts.sandbox.paypal.com',
];
const CERT_PATH = /^\/v1\/notifications\/certs\/[A-Za-z0-9_-]{1,128}$/;

/** New certificate URLs fetched per minute at most (a URL that served PayPal's certificate before does not count). */
const NEW_CERT_FETCHES_PER_MINUTE = 10;
/** Certificates kept (the least recently used goes first); PayPal signs with one or two at a time. */
const MAX_CERTS = 16;
/** How long a fetched certificate is used before it is fetched again (never past its own end). */
const CERT_KEEP_MS = 6 * 60 * 60_000;
/** A kept certificate whose refetch cannot be made now is used this long before trying again. */
const CERT_RETRY_MS = 60_000;
/** How long a URL that served no PayPal certificate (404, another name, expired) is refused without fetching. */
const REFUSED_KEEP_MS = 10 * 60_000;
const MAX_REFUSED = 256;
/** A certificate chain is a few KB. */
const MAX_CERT_BYTES = 64 * 1024;

// ---- CRC32 (IEEE, as zlib): node's own where it has one (20.15+), else a table.

let table: Uint32Array | undefined;

/** CRC32 of `bytes` by table, as an unsigned number. */
export function tableCrc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** CRC32 of `bytes` as an unsigned number (what PayPal's signed string carries in decimal). */
export function crc32(bytes: Uint8Array): number {
  return typeof nativeCrc32 === 'function' ? nativeCrc32(bytes) >>> 0 : tableCrc32(bytes);
}

/** The string PayPal signs for one transmission of `rawBody` to webhook `webhookId`. */
export function paypalSignedString(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: Uint8Array,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/**
 * The certificate URL as fetched when it is one PayPal's webhooks name: https on PayPal's certificate host (or
 * `extraHosts`: the REST api's own host), default port, path /v1/notifications/certs/<id>, nothing else. Null for
 * any other URL (never fetched).
 */
export function paypalCertUrl(text: string, extraHosts: ReadonlyArray<string> = []): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const hostOk = PAYPAL_CERT_HOSTS.includes(url.hostname) || extraHosts.includes(url.hostname);
  if (url.protocol !== 'https:' || !hostOk || url.port !== '' || url.username !== '' || url.password !== '') {
    return null;
  }
  if (url.search !== '' || url.hash !== '' || !CERT_PATH.test(url.pathname)) return null;
  return url.href;
}

/** Whether `signature` (base64) is the RSA-SHA256 signature of `signed` by `key`. */
export function signedWith(key: KeyObject, signed: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(signed, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

// ---- Certificates

interface KeptCert {
  key: KeyObject;
  validFrom: number;
  validTo: number;
  /** When (our clock, ms) it is fetched again. */
  refreshAt: number;
}

type Fetched = { kind: 'cert'; cert: X509Certificate } | { kind: 'refused'; reason: string };

export interface PaypalCertStoreOptions {
  /** Tests: the agent the fetch goes through (the local fake PayPal). */
  agent?: Agent;
  timeoutMs: number;
  now: () => Date;
  /** New certificate URLs fetched per minute at most (default 10). */
  newFetchesPerMinute?: number;
}

export interface PaypalCertStore {
  /**
   * The public key of PayPal's certificate at `url` (a URL paypalCertUrl answered), fetched once and kept. Throws
   * WebhookRejected when the URL serves no current PayPal certificate, WebhookUnverifiable when it cannot be fetched
   * now (PayPal down, too many new URLs this minute): the webhook answers 503 and PayPal delivers again.
   */
  publicKeyFor(url: string): Promise<KeyObject>;
  /** Certificate fetches started (tests). */
  readonly fetches: number;
}

/** The first certificate of a PEM text (PayPal serves its certificate, then the chain). */
function firstCertificate(pem: string): X509Certificate | null {
  const block = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/.exec(pem)?.[0];
  if (!block) return null;
  try {
    return new X509Certificate(block);
  } catch {
    return null;
  }
}

function commonNames(cert: X509Certificate): string[] {
  return cert.subject
    .split('\n')
    .filter((part) => part.startsWith('CN='))
    .map((part) => part.slice(3));
}

export function createPaypalCertStore(options: PaypalCertStoreOptions): PaypalCertStore {
  const perMinute = options.newFetchesPerMinute ?? NEW_CERT_FETCHES_PER_MINUTE;
  const kept = new Map<string, KeptCert>();
  const refused = new Map<string, { reason: string; until: number }>();
  const inFlight = new Map<string, Promise<KeyObject>>();
  const minute = { start: 0, count: 0 };
  let fetches = 0;

  /** One GET of the certificate URL, within the timeout; a status or body that says it is not there: refused. */
  function fetchCert(url: string): Promise<Fetched> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/x-pem-file, text/plain, */*' },
          timeout: options.timeoutMs,
          ...(options.agent ? { agent: options.agent } : {}),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status === 404 || status === 410) {
            response.resume();
            resolve({ kind: 'refused', reason: `certificate not found (${status})` });
            return;
          }
          if (status !== 200) {
            response.resume();
            reject(new Error(`PayPal certificate host answered ${status}`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_CERT_BYTES) request.destroy(new Error('PayPal certificate too large'));
            else chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const cert = firstCertificate(Buffer.concat(chunks).toString('utf8'));
            if (cert) resolve({ kind: 'cert', cert });
            // An error page of a proxy in front of PayPal, not a verdict on the certificate.
            else reject(new Error('PayPal certificate host answered no certificate'));
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('PayPal certificate host did not answer in time')));
      request.on('error', reject);
      request.end();
    });
  }

  /** Why a certificate PayPal's host served cannot sign PayPal's webhooks now (null: it can). */
  function problemOf(cert: X509Certificate, at: number): string | null {
    if (!commonNames(cert).some((name) => PAYPAL_CERT_SUBJECTS.includes(name)))
      return 'certificate not issued to PayPal';
    if (cert.publicKey.asymmetricKeyType !== 'rsa') return 'certificate key is not RSA';
    const validFrom = Date.parse(cert.validFrom);
    const validTo = Date.parse(cert.validTo);
    if (!(at >= validFrom && at <= validTo)) return 'certificate not valid now';
    return null;
  }

  function refuse(url: string, reason: string, at: number): never {
    refused.delete(url);
    refused.set(url, { reason, until: at + REFUSED_KEEP_MS });
    while (refused.size > MAX_REFUSED) refused.delete(refused.keys().next().value as string);
    throw new WebhookRejected(reason);
  }

  async function load(url: string, stale: KeptCert | undefined): Promise<KeyObject> {
    let fetched: Fetched;
    try {
      fetched = await fetchCert(url);
    } catch (error) {
      const at = options.now().getTime();
      // PayPal's host is down: a certificate it served before (and still valid) serves until it answers again.
      if (stale && at >= stale.validFrom && at <= stale.validTo) {
        stale.refreshAt = at + CERT_RETRY_MS;
        return stale.key;
      }
      throw new WebhookUnverifiable('PayPal certificate not reachable', { cause: error });
    }
    const at = options.now().getTime();
    if (fetched.kind === 'refused') {
      kept.delete(url);
      return refuse(url, fetched.reason, at);
    }
    const problem = problemOf(fetched.cert, at);
    if (problem) {
      kept.delete(url);
      return refuse(url, problem, at);
    }
    const validTo = Date.parse(fetched.cert.validTo);
    const cert: KeptCert = {
      key: fetched.cert.publicKey,
      validFrom: Date.parse(fetched.cert.validFrom),
      validTo,
      refreshAt: Math.min(at + CERT_KEEP_MS, validTo),
    };
    kept.delete(url);
    kept.set(url, cert);
    while (kept.size > MAX_CERTS) kept.delete(kept.keys().next().value as string);
    refused.delete(url);
    return cert.key;
  }

  return {
    get fetches() {
      return fetches;
    },
    async publicKeyFor(url) {
      const at = options.now().getTime();
      const known = kept.get(url);
      if (known && at < known.refreshAt) {
        if (at < known.validFrom || at > known.validTo) throw new WebhookRejected('certificate not valid now');
        // Most recently used last: the first one is the one to drop.
        kept.delete(url);
        kept.set(url, known);
        return known.key;
      }
      const refusal = refused.get(url);
      if (refusal && at < refusal.until) throw new WebhookRejected(refusal.reason);
      const running = inFlight.get(url);
      if (running) return running;
      if (!known) {
        // Only URLs that never served PayPal's certificate count: forged ones cannot keep PayPal's own from renewal.
        if (at - minute.start >= 60_000) {
          minute.start = at;
          minute.count = 0;
        }
        if (minute.count >= perMinute) throw new WebhookUnverifiable('too many new PayPal certificate URLs now');
        minute.count += 1;
      }
      fetches += 1;
      const loading = load(url, known).finally(() => inFlight.delete(url));
      inFlight.set(url, loading);
      return loading;
    },
  };
}
