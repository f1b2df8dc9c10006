// What the support chat must never lose: the text being written and every message the api does not have yet.
// Both live in local storage until the api answers with the message in the thread.
import { STORAGE_KEYS, type SafeStorage } from 'shared-contracts';

export interface PendingMessage {
  client_id: string;
  body: string;
  /** When it was written (ms). */
  created: number;
  state: 'sending' | 'failed';
  /** Whose thread it belongs to ('user:<id>' or 'visitor'): another login on this device never sends it. */
  owner: string;
}

export interface SupportOutbox {
  draft: string;
  /** A visitor's reply address. */
  email: string;
  pending: PendingMessage[];
}

const EMPTY: SupportOutbox = { draft: '', email: '', pending: [] };

function isPending(value: unknown): value is PendingMessage {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.client_id === 'string' &&
    typeof entry.body === 'string' &&
    typeof entry.created === 'number' &&
    typeof entry.owner === 'string' &&
    (entry.state === 'sending' || entry.state === 'failed')
  );
}

export function readOutbox(storage: SafeStorage): SupportOutbox {
  const stored = storage.getJSON<Partial<SupportOutbox>>(STORAGE_KEYS.SUPPORT_OUTBOX);
  if (!stored || typeof stored !== 'object') return EMPTY;
  return {
    draft: typeof stored.draft === 'string' ? stored.draft : '',
    email: typeof stored.email === 'string' ? stored.email : '',
    pending: Array.isArray(stored.pending) ? stored.pending.filter(isPending) : [],
  };
}

export function writeOutbox(storage: SafeStorage, outbox: SupportOutbox): void {
  if (outbox.draft === '' && outbox.email === '' && outbox.pending.length === 0) {
    storage.remove(STORAGE_KEYS.SUPPORT_OUTBOX);
    return;
  }
  storage.setJSON(STORAGE_KEYS.SUPPORT_OUTBOX, outbox);
}

function randomBase64Url(bytes: number): string {
  const data = new Uint8Array(bytes);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(data);
  else for (let i = 0; i < bytes; i += 1) data[i] = Math.floor(Math.random() * 256);
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This device's support token (created on first use); the api keeps only its hash. */
export function supportToken(storage: SafeStorage): string {
  const stored = storage.get(STORAGE_KEYS.SUPPORT_TOKEN);
  if (stored && /^[A-Za-z0-9_-]{32,128}$/.test(stored)) return stored;
  const token = randomBase64Url(32);
  storage.set(STORAGE_KEYS.SUPPORT_TOKEN, token);
  return token;
}

/** A new message's own id: a retry sends the same id, so the api stores it once. */
export function newClientId(): string {
  return randomBase64Url(16);
}
