// Values this device keeps (local storage, query strings) checked before use: a stored ICCID, the notices opened
// here. Its own subpath (shared-contracts/device): only the screens that use these carry them, not the shared
// singleton every page downloads.
import { ICCID_MAX, ICCID_MIN } from './constants';
import { STORAGE_KEYS, type SafeStorage } from './storage';

/** An ICCID the api accepts (19-20 letters or digits, the Iccid schema's rule), trimmed; else undefined. */
export function validIccid(value: string | null | undefined): string | undefined {
  const iccid = value?.trim();
  if (!iccid || iccid.length < ICCID_MIN || iccid.length > ICCID_MAX) return undefined;
  return /^[0-9A-Za-z]+$/.test(iccid) ? iccid : undefined;
}

/** Keep the newest notice read marks only; old notices end anyway. */
const MAX_NOTICE_READS = 200;

/** Notices opened on this device (NOTICE_READ): the api remembers an account's, a visitor has only these. */
export function readNoticeIds(storage: SafeStorage): Set<number> {
  const stored = storage.getJSON<unknown>(STORAGE_KEYS.NOTICE_READ);
  return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : []);
}

export function rememberNoticeRead(storage: SafeStorage, id: number): void {
  const ids = [...readNoticeIds(storage)].filter((known) => known !== id);
  ids.push(id);
  storage.setJSON(STORAGE_KEYS.NOTICE_READ, ids.slice(-MAX_NOTICE_READS));
}
