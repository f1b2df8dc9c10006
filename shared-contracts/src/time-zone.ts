// The reader's time zone for moments written on the page ("Updated …", "Last seen …"). The browser knows it; the
// server learns it from a cookie the page sets at start (TIME_ZONE_COOKIE). A page rendered before that cookie exists
// writes those moments in UTC, labelled, and the client writes them again in the device's zone right after hydrating
// (useTimeZone, useHydratedValue: the server's value is the zone the page was rendered with).
import { formatMaker, formatOnce } from './formatted';
import { useHydratedValue } from './hydration';
import { requestScope } from './request-scope';

/** The cookie holding the device's IANA time zone (Europe/Berlin), written by the shell at start. */
export const TIME_ZONE_COOKIE = 'esim_tz';

/** The form of an IANA zone name (Europe/Berlin, UTC, Etc/GMT+5). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Zones Intl was found to know (a render checks the same few again and again; making a format is the dear part). */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1_000;

/** A zone Intl knows, else null (a cookie is the visitor's input). */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  if (knownZones.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return null;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return zone;
}

/** The device's zone as last read, and when (a phone crossing a border changes it: it is read again each second). */
let device: { zone: string | null; at: number } | null = null;
const DEVICE_ZONE_READ_MS = 1_000;

interface TemporalNow {
  Now?: { timeZoneId?: () => string };
}

/**
 * The device's zone as the engine names it: Temporal's (a tenth of a millisecond) where there is one, else Intl's
 * default format's (a page's first Intl format loads ICU's data: 50 to 120 ms in Chromium here).
 */
function readDeviceZone(): string | null {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  try {
    const zone = temporal?.Now?.timeZoneId?.();
    // An IANA name; an offset ('+05:30', a device set to one) is left to Intl's check.
    if (typeof zone === 'string' && ZONE_NAME.test(zone)) return zone;
  } catch {
    // Not there, or not yet complete: Intl says.
  }
  return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The device's zone; null where Intl does not say. */
export function deviceTimeZone(): string | null {
  const now = Date.now();
  if (device && now - device.at < DEVICE_ZONE_READ_MS && now >= device.at) return device.zone;
  let zone: string | null;
  try {
    zone = readDeviceZone();
  } catch {
    zone = null;
  }
  device = { zone, at: now };
  return zone;
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
/** The page's zone, which its server checked (validTimeZone) before it rendered with it: only its form is checked. */
export function seedTimeZone(zone: string | null | undefined): void {
  pageZone = typeof zone === 'string' && ZONE_NAME.test(zone) ? zone : null;
}

/** The zone the server wrote the page's moments in: the request's on the server, the page's in the browser. */
function renderedZone(): string | null {
  const scope = requestScope();
  return scope ? validTimeZone(scope.timeZone) : pageZone;
}

/**
 * The zone to write moments in; null means "not known here": write them in UTC and say so (formatMoment). On the
 * server the request's zone; while hydrating the zone the page was rendered with; in the browser afterwards the
 * device's (useHydratedValue: drawn again in a transition once the page has hydrated, where the two differ).
 */
export function useTimeZone(): string | null {
  return useHydratedValue(deviceTimeZone, renderedZone);
}

/** One Intl.DateTimeFormat per language and zone (formatMaker). */
const momentFormat = formatMaker(
  (lang: string, zone: string | null) => `${lang}|${zone ?? ''}`,
  (lang: string, zone: string | null) =>
    new Intl.DateTimeFormat(
      lang,
      zone
        ? { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }
        : {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZone: 'UTC',
            timeZoneName: 'short',
          },
    ),
);

/** A moment's key in the page's texts (formatOnce), and the language and zone read back from one. */
const momentKey = (lang: string, zone: string | null, ms: number) => `moment|${lang}|${zone ?? ''}|${ms}`;
function momentOfKey(key: string): { lang: string; zone: string | null } | null {
  const [kind, lang, zone] = key.split('|');
  return kind === 'moment' && lang ? { lang, zone: zone || null } : null;
}

/**
 * The client, at start, on a page whose moments the server wrote in UTC (it did not know the zone yet: a first visit):
 * the device zone's moment format is made now, in the caller's task, rather than inside the render that writes those
 * moments again right after hydrating (a page's first Intl format loads ICU's data, 40 to 120 ms here). True when it
 * made one (the caller then yields before going on).
 */
export function prepareDeviceMoments(formatted: Record<string, unknown> | null | undefined): boolean {
  const lang = Object.keys(formatted ?? {})
    .map(momentOfKey)
    .find((moment) => moment?.zone === null)?.lang;
  if (!lang) return false;
  try {
    momentFormat(lang, deviceTimeZone());
  } catch {
    // A language or zone Intl refuses: formatMoment writes the ISO form when it comes to it.
  }
  return true;
}

/** A moment (ms since 1970) as the language writes a date and time, in `zone` (null: UTC, with its name). */
export function formatMoment(ms: number, lang: string, zone: string | null = deviceTimeZone()): string {
  return formatOnce(momentKey(lang, zone, ms), () => {
    try {
      return momentFormat(lang, zone).format(ms);
    } catch {
      return new Date(ms).toISOString();
    }
  });
}
