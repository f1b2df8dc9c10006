import { STORAGE_KEYS, type SafeStorage } from 'shared-contracts';

/** Keep the newest marks only; old notices end anyway. */
const MAX_REMEMBERED = 200;

/** Notices opened on this device (the api remembers an account's; a visitor has only these). */
export function readNoticeIds(storage: SafeStorage): Set<number> {
  const stored = storage.getJSON<unknown>(STORAGE_KEYS.NOTICE_READ);
  return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : []);
}

export function rememberNoticeRead(storage: SafeStorage, id: number): void {
  const ids = [...readNoticeIds(storage)].filter((known) => known !== id);
  ids.push(id);
  storage.setJSON(STORAGE_KEYS.NOTICE_READ, ids.slice(-MAX_REMEMBERED));
}

/** A query or stored ICCID the api accepts (19-20 letters or digits). */
export function validIccid(value: string | null | undefined): string | undefined {
  const iccid = value?.trim();
  return iccid && /^[0-9A-Za-z]{19,20}$/.test(iccid) ? iccid : undefined;
}
