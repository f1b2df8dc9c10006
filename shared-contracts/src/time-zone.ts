// The reader's time zone for moments written on the page ("Updated …", "Last seen …"). The browser knows it; the
// server learns it from a cookie the page sets at start (TIME_ZONE_COOKIE). A page rendered before that cookie exists
// writes those moments in UTC, labelled, and the client writes them again in the device's zone right after hydrating
// (useTimeZone: useSyncExternalStore's server snapshot is the zone the page was rendered with).
import { useSyncExternalStore } from 'react';
import { requestScope } from './request-scope';

/** The cookie holding the device's IANA time zone (Europe/Berlin), written by the shell at start. */
export const TIME_ZONE_COOKIE = 'esim_tz';

/** A zone Intl knows, else null (a cookie is the visitor's input). */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The device's zone; null where Intl does not say. */
export function deviceTimeZone(): string | null {
  try {
    return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/** The client, at start: the device's zone in the cookie the server renders with (a year, the whole site). */
export function rememberTimeZone(
  doc: { cookie: string } | undefined = (globalThis as { document?: { cookie: string } }).document,
): void {
  const zone = deviceTimeZone();
  if (!doc || !zone) return;
  try {
    if (doc.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
    doc.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies blocked: server-rendered moments stay in UTC until hydration.
  }
}

/** The zone of the server-rendered page being hydrated (its seed); null: unknown to the server (UTC, labelled). */
let pageZone: string | null = null;
export function seedTimeZone(zone: string | null | undefined): void {
  pageZone = validTimeZone(zone);
}

const subscribe = () => () => undefined;

/**
 * The zone to write moments in; null means "not known here": write them in UTC and say so (formatMoment). On the
 * server the request's zone; while hydrating the zone the page was rendered with; in the browser afterwards the
 * device's.
 */
export function useTimeZone(): string | null {
  return useSyncExternalStore(subscribe, deviceTimeZone, () => {
    const scope = requestScope();
    return scope ? validTimeZone(scope.timeZone) : pageZone;
  });
}

/** A moment (ms since 1970) as the language writes a date and time, in `zone` (null: UTC, with its name). */
export function formatMoment(ms: number, lang: string, zone: string | null = deviceTimeZone()): string {
  try {
    const options: Intl.DateTimeFormatOptions = zone
      ? { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }
      : {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: 'UTC',
          timeZoneName: 'short',
        };
    return new Intl.DateTimeFormat(lang, options).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}
