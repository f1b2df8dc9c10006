import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  CallbackRejected,
  type AppliedBundle,
  type ApplyRequest,
  type ApplyResult,
  type BundleState,
  type CardSnapshot,
  type ConnectivityProvider,
  type LastSeen,
  type ProfileOrderRequest,
  type ProfileOrderResult,
  type ProfileState,
  type ProfileStatus,
  type UsageEvent,
} from './types';

/**
 * eSIM Go API v2.5 (https://docs.esim-go.com/api/v2_5, schema https://docs.esim-go.com/esim_go_schema_v2_5.yaml)
 * over Node's fetch, authenticated by the X-API-Key header. A bundle is applied by ordering it with assign: true for
 * the card's ICCID (POST /orders); eSIM Go has no idempotency key, so a retried apply first looks at the card's
 * bundles for an assignment made since the first attempt. Usage arrives as V3 callbacks, signed with HMAC-SHA256 of
 * the raw body keyed with the API key. Every answer is read through a zod schema: an answer in another shape is a
 * retryable Error, like a network failure.
 */

export interface EsimGoSettings {
  apiKey: string;
  /** The API root, version included; tests: a local fake. */
  baseUrl?: string;
  now?: () => Date;
  /** How long one request may take before it counts as failed (retryable). */
  timeoutMs?: number;
}

export const ESIMGO_DEFAULT_URL = 'https://api.esim-go.com/v2.5';
/** V3 callbacks carry the body's HMAC here (guides/webhooks; Node lower-cases header names). */
export const ESIMGO_SIGNATURE_HEADER = 'x-signature-sha256';

const DEFAULT_TIMEOUT_MS = 20_000;
/** Clock difference between us and eSIM Go we tolerate when we match an assignment to an attempt by its time. */
const ASSIGNMENT_SKEW_MS = 5 * 60_000;
/** GET /esims/{iccid}/bundles answers the 15 newest assignments by default, at most 200 (guides/bundle_status). */
const BUNDLE_LIST_LIMIT = 200;
/** Longest provider message we carry into errors and refusal reasons. */
const DETAIL_MAX = 200;

// ---- Answers, as documented in esim_go_schema_v2_5.yaml (components/schemas). Unknown fields are dropped; fields
// the schema marks deprecated or that older answers lack are optional.

/** Ids are strings in the schema ("215009266"); a number would be the same id, so it is taken too. */
const Id = z.union([z.string().min(1), z.int().nonnegative()]).transform(String);
/** RFC 3339 UTC, sometimes with nanoseconds; empty or missing when not set (the endTime of an unstarted bundle). */
const Time = z.string().nullish();
/**
 * Bundle quantities are bytes (BundlesList: "in bytes"), typed integer with format float: a decimal is rounded and a
 * negative (never documented) read as 0 rather than failing the card's whole listing.
 */
const Quantity = z.number().nullish();

/** One assignment of BundlesList (GET /esims/{iccid}/bundles). */
const Assignment = z.object({
  id: Id,
  initialQuantity: Quantity,
  remainingQuantity: Quantity,
  assignmentDateTime: Time,
  /** processing, queued, active, depleted, expired, revoked, lapsed (the operation's description). */
  bundleState: z.string(),
  startTime: Time,
  endTime: Time,
  unlimited: z.boolean().nullish(),
});
type Assignment = z.infer<typeof Assignment>;

/** BundlesList: bundles by name, each with its assignments. */
const BundlesList = z.object({
  bundles: z.array(z.object({ name: z.string().min(1), assignments: z.array(Assignment).nullish() })).nullish(),
});

/**
 * OrderResponseTransaction (POST /orders, type transaction). It names the ICCIDs but carries no assignment id: the id
 * is read from the card's bundles afterwards.
 */
const OrderAnswer = z.object({
  order: z.array(z.object({ item: z.string().nullish(), iccids: z.array(z.string()).nullish() })).nullish(),
  status: z.string().nullish(),
  orderReference: z.string().nullish(),
});

/** eSIMDetailsResponse (GET /esims/{iccid}). firstInstalledDateTime: ms since epoch in v2.5, a date-time before. */
const EsimDetails = z.object({
  iccid: z.string(),
  profileStatus: z.string().nullish(),
  firstInstalledDateTime: z.union([z.number(), z.string()]).nullish(),
  /** active, suspended, deactivated (new in v2.5). */
  state: z.string().nullish(),
});

/**
 * Install details (GET /esims/assignments?reference=<orderReference>, Accept: application/json): the ICCID, SM-DP+
 * address and matching ID of each eSIM of an order; one object for one eSIM, an array for several.
 */
const InstallDetail = z.object({
  iccid: z.string().regex(/^[0-9A-Za-z]{19,20}$/),
  matchingId: z.string().min(1).max(255),
  smdpAddress: z.string().min(1).max(255),
  profileStatus: z.string().nullish(),
});
const InstallDetails = z.union([InstallDetail.transform((one) => [one]), z.array(InstallDetail)]);

/** Attempts at reading an order's install details (they may lag the order by a moment). */
const INSTALL_DETAIL_TRIES = 3;
const INSTALL_DETAIL_PAUSE_MS = 500;

/** eSIM Go's profileStatus (Get eSIM details) in our vocabulary; unknown values read as released. */
const PROFILE_STATES: Readonly<Record<string, ProfileState>> = {
  released: 'released',
  downloaded: 'downloaded',
  installed: 'installed',
  enabled: 'enabled',
  disabled: 'disabled',
  deleted: 'deleted',
  unavailable: 'deleted',
  deactivated: 'deleted',
  error: 'install_fail',
  failed: 'install_fail',
};

/** SM-DP+ address as a host name: eSIM Go's examples carry a scheme (http://smdp.example.com), LPA codes do not. */
const hostOf = (address: string): string => address.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');

/** SuspendESIM (GET /esims/{iccid}/suspend, guides/suspend_unsuspend). */
const SuspendState = z.object({ suspended: z.boolean() });

/** StatusMessage (POST /esims/{iccid}/suspend answers 201 with it). */
const StatusMessage = z.object({ status: z.string().nullish() });

/** LocationResponse (GET /esims/{iccid}/location). mobileNetworkCode is the network's code (e.g. FRAF1). */
const Location = z.object({
  mobileNetworkCode: z.string().nullish(),
  networkName: z.string().nullish(),
  networkBrandName: z.string().nullish(),
  country: z.string().nullish(),
  lastSeen: Time,
});

/**
 * Anything eSIM Go posts to the callback URL: usage (Utilisation, FirstUse: with a bundle) and notifications that say
 * nothing about usage (CountryChange, FirstAttachment, LowBalance, esim.deleted, ...), which all arrive at one URL.
 */
const CallbackBody = z.object({
  iccid: z.string().nullish(),
  alertType: z.string().nullish(),
  bundle: z.unknown().optional(),
});

/** UsageCallbackV3.bundle (schema) = the Utilisation notification's bundle: quantities in bytes ("(Bytes)"). */
const UsageBundle = z.object({
  id: Id,
  name: z.string().min(1),
  initialQuantity: z.number(),
  remainingQuantity: z.number(),
  startTime: Time,
  endTime: Time,
  unlimited: z.boolean().nullish(),
});
type UsageBundle = z.infer<typeof UsageBundle>;

// ---- Errors

/** An answer other than 2xx. Whether it is a refusal for good is decided by the caller (refusalOf). */
class EsimGoError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    what: string,
  ) {
    super(`eSIM Go ${what} answered ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'EsimGoError';
  }
}

/**
 * eSIM Go answers errors as { message } (text/plain on POST /orders) without codes, so the message tells a card or
 * bundle problem (for good) from our balance or our key (fixable: retried).
 */
const BALANCE_WORDS = /balance|fund|credit|insufficient|inventory|bundles left/i;
const KEY_WORDS = /api[ _-]?key|token|unauthori[sz]ed|whitelist|ip address/i;
const CARD_WORDS = /iccid|e-?sim|organi[sz]ation/i;

/**
 * Why eSIM Go refused an order for good, or null when the failure may pass (the caller throws it and retries).
 * Documented refusals are 400 (unknown bundle, bundle not compatible with the card, deactivated card) and 403/404
 * for an ICCID that is not (or no longer) in the organisation. 401, 429, 5xx, our balance and our key are retried.
 */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof EsimGoError)) return null;
  const { status, detail } = error;
  if (BALANCE_WORDS.test(detail) || KEY_WORDS.test(detail)) return null;
  if (status === 400 || status === 404) return `eSIM Go: ${detail || `HTTP ${status}`}`;
  if (status === 403 && CARD_WORDS.test(detail)) return `eSIM Go: ${detail}`;
  return null;
}

/** eSIM Go's way of saying the ICCID is not one of ours (403/400 naming the card, or a plain 404). */
function isUnknownCard(error: unknown): boolean {
  if (!(error instanceof EsimGoError)) return false;
  if (error.status === 404) return true;
  return (
    (error.status === 400 || error.status === 403) && CARD_WORDS.test(error.detail) && !KEY_WORDS.test(error.detail)
  );
}

// ---- Mapping

/** A date from eSIM Go, or null when unset: empty, 0 ms, Go's zero time (year 1) or unreadable. */
function dateOf(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
}

const bytesOf = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.max(0, Math.round(value));

/** eSIM Go's bundleState in our vocabulary; processing is applied but not started, lapsed expired unused. */
const BUNDLE_STATES: Readonly<Record<string, BundleState>> = {
  processing: 'queued',
  queued: 'queued',
  active: 'active',
  depleted: 'depleted',
  expired: 'expired',
  lapsed: 'expired',
  revoked: 'revoked',
};

interface Figures {
  initialBytes: number | null;
  remainingBytes: number | null;
  unlimited: boolean;
  startedAt: Date | null;
  endsAt: Date | null;
}

/**
 * The state the figures show, for a callback (it names no state) or a bundleState we do not know yet: used up,
 * then out of time, then in use once started or partly used, else waiting.
 */
function stateFrom(figures: Figures, now: Date): BundleState {
  if (!figures.unlimited && figures.remainingBytes === 0) return 'depleted';
  if (figures.endsAt && figures.endsAt.getTime() <= now.getTime()) return 'expired';
  const used =
    figures.initialBytes !== null && figures.remainingBytes !== null && figures.remainingBytes < figures.initialBytes;
  return figures.startedAt || used ? 'active' : 'queued';
}

function figuresOf(source: {
  initialQuantity?: number | null;
  remainingQuantity?: number | null;
  unlimited?: boolean | null;
  startTime?: string | null;
  endTime?: string | null;
}): Figures {
  return {
    initialBytes: bytesOf(source.initialQuantity),
    remainingBytes: bytesOf(source.remainingQuantity),
    unlimited: source.unlimited ?? false,
    startedAt: dateOf(source.startTime),
    endsAt: dateOf(source.endTime),
  };
}

function appliedOf(bundle: string, assignment: Assignment, now: Date): AppliedBundle {
  const figures = figuresOf(assignment);
  return {
    assignmentId: assignment.id,
    // eSIM Go does not carry our reference (its assignmentReference is its own order reference).
    reference: null,
    bundle,
    state: BUNDLE_STATES[assignment.bundleState.toLowerCase()] ?? stateFrom(figures, now),
    ...figures,
    // No usedBytes: the v2.5 BundlesList reports initialQuantity and remainingQuantity only (no used quantity), so
    // the pull reads use as initial - remaining.
    // The v2.5 schema has no throttle state (fair use of unlimited bundles is not reported).
    throttled: false,
  };
}

/** The usage report of one V3 callback. eSIM Go sends no event id nor event time (see UsageEvent). */
function usageEventOf(iccid: string, alertType: string, bundle: UsageBundle, now: Date): UsageEvent {
  const figures = figuresOf(bundle);
  return {
    eventKey: `esimgo:${bundle.id}:${figures.remainingBytes ?? ''}:${alertType}`,
    iccid,
    // bundle.reference is eSIM Go's own (its order's), not our card package.
    reference: null,
    assignmentId: bundle.id,
    at: now,
    state: stateFrom(figures, now),
    ...figures,
    throttled: null,
  };
}

function cardStatus(
  details: z.infer<typeof EsimDetails>,
  suspended: boolean | null,
  bundles: ReadonlyArray<AppliedBundle>,
): CardSnapshot['status'] {
  const state = details.state?.toLowerCase();
  const profile = details.profileStatus?.toLowerCase();
  // The suspend endpoint is the authority on suspension; the card's state covers a card without it.
  if (state === 'deactivated' || profile === 'deactivated' || (suspended ?? state === 'suspended')) return 'Suspension';
  const installed = dateOf(details.firstInstalledDateTime) !== null || profile === 'installed';
  const used = bundles.some(
    (bundle) => bundle.startedAt !== null || bundle.state === 'active' || bundle.state === 'depleted',
  );
  return installed || used ? 'Activated' : 'Ready';
}

function lastSeenOf(location: z.infer<typeof Location>): LastSeen | null {
  const at = dateOf(location.lastSeen);
  if (!at) return null;
  const country = location.country?.trim().toUpperCase() ?? '';
  const network = [location.networkName, location.networkBrandName, location.mobileNetworkCode]
    .map((name) => name?.trim())
    .find((name) => name);
  return { country: /^[A-Z]{2}$/.test(country) ? country : null, network: network ?? null, at };
}

// ---- Callback signature

/**
 * The header's 32 bytes: eSIM Go's API reference shows base64, its webhooks guide hex; a 64-character hex string is
 * never 32 bytes of base64, so the two cannot be confused.
 */
function signatureBytes(header: unknown): Buffer | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return Buffer.from(value, 'base64');
  return null;
}

function verifySignature(apiKey: string, rawBody: Buffer, header: unknown): void {
  const given = signatureBytes(header);
  if (!given) throw new CallbackRejected(header === undefined ? 'missing signature' : 'bad signature');
  const expected = createHmac('sha256', apiKey).update(rawBody).digest();
  if (!timingSafeEqual(expected, given)) throw new CallbackRejected('bad signature');
}

/** A bundle object is a usage report when it carries usage fields (a Topup's bundle holds balance amounts). */
const isUsageReport = (bundle: unknown): boolean =>
  typeof bundle === 'object' && bundle !== null && ('remainingQuantity' in bundle || 'id' in bundle);

// ---- The provider

interface Listed {
  bundle: string;
  assignment: Assignment;
}

export function createEsimGoProvider(settings: EsimGoSettings): ConnectivityProvider {
  const base = (settings.baseUrl ?? ESIMGO_DEFAULT_URL).replace(/\/+$/, '');
  const now = settings.now ?? (() => new Date());
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cardPath = (iccid: string) => `/esims/${encodeURIComponent(iccid)}`;

  /** One request; a network failure or timeout is an Error, any HTTP answer is returned with its message. */
  async function send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    const what = `${method} ${path.split('?')[0]}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-API-Key': settings.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new Error(`eSIM Go ${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    let payload: unknown;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }
    return { what, status, payload, detail: detailOf(payload, text) };
  }

  /** A 2xx answer read through its schema; anything else throws (EsimGoError, or an Error for a strange shape). */
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const answer = await send(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new EsimGoError(answer.status, answer.detail, answer.what);
    const parsed = schema.safeParse(answer.payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `eSIM Go ${answer.what} answered an unexpected shape (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid'})`,
      );
    }
    return parsed.data;
  }

  /** Every assignment on the card, used and expired ones too; an ICCID not in the organisation has none. */
  async function assignmentsOf(iccid: string): Promise<Listed[]> {
    let list: z.infer<typeof BundlesList>;
    try {
      list = await call('GET', `${cardPath(iccid)}/bundles?includeUsed=true&limit=${BUNDLE_LIST_LIMIT}`, BundlesList);
    } catch (error) {
      if (isUnknownCard(error)) return [];
      throw error;
    }
    return (list.bundles ?? []).flatMap((bundle) =>
      (bundle.assignments ?? []).map((assignment) => ({ bundle: bundle.name, assignment })),
    );
  }

  /**
   * An assignment of the request's bundle made since `since` (less the clock skew) that no other package holds:
   * the one an attempt made. Recovering an earlier attempt takes the oldest such (closest to that attempt), reading
   * what an order just made takes the newest.
   */
  function claimable(
    listed: ReadonlyArray<Listed>,
    request: ApplyRequest,
    since: Date,
    pick: 'oldest' | 'newest',
  ): Assignment | null {
    const floor = since.getTime() - ASSIGNMENT_SKEW_MS;
    const candidates = listed
      .filter(
        ({ bundle, assignment }) => bundle === request.bundle && !request.knownAssignments.includes(assignment.id),
      )
      .map(({ assignment }) => ({ assignment, at: dateOf(assignment.assignmentDateTime)?.getTime() ?? null }))
      .filter(
        (candidate): candidate is { assignment: Assignment; at: number } =>
          candidate.at !== null && candidate.at >= floor,
      )
      .sort((a, b) => (pick === 'oldest' ? a.at - b.at : b.at - a.at));
    return candidates[0]?.assignment ?? null;
  }

  /** Whether the card is suspended (GET /esims/{iccid}/suspend, v2.5); null where eSIM Go does not answer it. */
  async function suspendedState(iccid: string): Promise<boolean | null> {
    try {
      return (await call('GET', `${cardPath(iccid)}/suspend`, SuspendState)).suspended;
    } catch (error) {
      if (error instanceof EsimGoError && error.status === 404) return null;
      throw error;
    }
  }

  async function listBundles(iccid: string): Promise<AppliedBundle[]> {
    const at = now();
    return (await assignmentsOf(iccid)).map(({ bundle, assignment }) => appliedOf(bundle, assignment, at));
  }

  async function lastSeen(iccid: string): Promise<LastSeen | null> {
    try {
      return lastSeenOf(await call('GET', `${cardPath(iccid)}/location`, Location));
    } catch (error) {
      if (isUnknownCard(error)) return null;
      throw error;
    }
  }

  return {
    name: 'esimgo',

    async apply(request): Promise<ApplyResult> {
      // An earlier attempt may have ordered before its answer was lost: its assignment is on the card already.
      if (request.firstAttemptAt) {
        const earlier = claimable(await assignmentsOf(request.iccid), request, request.firstAttemptAt, 'oldest');
        if (earlier) return { status: 'applied', assignmentId: earlier.id };
      }
      const orderedAt = now();
      try {
        // OrderRequest/BundleOrder: quantity matches the ICCIDs; allowReassign false, so an incompatible card is
        // refused rather than given a new eSIM we could not hand over.
        await call('POST', '/orders', OrderAnswer, {
          type: 'transaction',
          assign: true,
          order: [{ type: 'bundle', item: request.bundle, quantity: 1, iccids: [request.iccid], allowReassign: false }],
        });
      } catch (error) {
        const reason = refusalOf(error);
        if (reason !== null) return { status: 'refused', reason };
        throw error;
      }
      const made = claimable(await assignmentsOf(request.iccid), request, orderedAt, 'newest');
      // Ordered, but not listed yet (processing can take minutes): the retry, with firstAttemptAt set, finds it.
      if (!made)
        throw new Error(`eSIM Go took the order of ${request.bundle} but lists no new assignment on the card yet`);
      return { status: 'applied', assignmentId: made.id };
    },

    async orderProfile(request: ProfileOrderRequest): Promise<ProfileOrderResult> {
      // eSIM Go has no idempotency key: an attempt whose answer was lost may have ordered (and paid for) the eSIM.
      // Never order twice; an operator finds it in the eSIM Go portal (the note keeps the error).
      if (request.firstAttemptAt) {
        return {
          status: 'unknown',
          reason: 'an earlier order attempt did not finish; eSIM Go cannot tell whether it ordered',
        };
      }
      let ordered: z.infer<typeof OrderAnswer>;
      try {
        // OrderRequest/BundleOrder without ICCIDs and with assign: eSIM Go assigns the bundle to a new eSIM.
        ordered = await call('POST', '/orders', OrderAnswer, {
          type: 'transaction',
          assign: true,
          order: [{ type: 'bundle', item: request.bundle, quantity: 1, allowReassign: false }],
        });
      } catch (error) {
        const reason = refusalOf(error);
        if (reason !== null) return { status: 'refused', reason };
        throw error;
      }
      const reference = ordered.orderReference;
      if (!reference) throw new Error('eSIM Go took the eSIM order but answered no orderReference');
      let details: z.infer<typeof InstallDetails> = [];
      for (let attempt = 0; attempt < INSTALL_DETAIL_TRIES && details.length === 0; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, INSTALL_DETAIL_PAUSE_MS));
        try {
          details = await call('GET', `/esims/assignments?reference=${encodeURIComponent(reference)}`, InstallDetails);
        } catch (error) {
          if (attempt === INSTALL_DETAIL_TRIES - 1) {
            throw new Error(`eSIM Go order ${reference}: no install details (${String(error)})`, { cause: error });
          }
        }
      }
      const detail = details[0];
      if (!detail) throw new Error(`eSIM Go order ${reference}: no install details`);
      // The bundle's assignment on the new eSIM, matched by the usage reports (may be listed a little later).
      const listed = (await assignmentsOf(detail.iccid)).filter(({ bundle }) => bundle === request.bundle);
      return {
        status: 'issued',
        profile: {
          iccid: detail.iccid,
          smdpAddress: hostOf(detail.smdpAddress),
          matchingId: detail.matchingId,
          assignmentId: listed[0]?.assignment.id ?? null,
        },
      };
    },

    async profileStatus(iccid): Promise<ProfileStatus | null> {
      let details: z.infer<typeof EsimDetails>;
      try {
        details = await call('GET', cardPath(iccid), EsimDetails);
      } catch (error) {
        if (isUnknownCard(error)) return null;
        throw error;
      }
      const state = PROFILE_STATES[details.profileStatus?.toLowerCase() ?? ''] ?? 'released';
      return {
        state,
        reason: state === 'install_fail' ? (details.profileStatus ?? null) : null,
        installedAt: dateOf(details.firstInstalledDateTime),
      };
    },

    // eSIM Go cannot switch a profile on a phone: the phone's own settings enable, disable and delete it.
    async profileAction() {
      return 'unsupported';
    },

    listBundles,

    async snapshot(iccid): Promise<CardSnapshot> {
      const [details, suspended, seen, bundles] = await settled([
        call('GET', cardPath(iccid), EsimDetails),
        suspendedState(iccid),
        lastSeen(iccid),
        listBundles(iccid),
      ] as const);
      return { iccid, status: cardStatus(details, suspended, bundles), lastSeen: seen, bundles, at: now() };
    },

    async setSuspended(iccid, suspended): Promise<void> {
      try {
        // SuspendESIMBody: { suspend: true } suspends, { suspend: false } lifts it; 201 with a status message.
        await call('POST', `${cardPath(iccid)}/suspend`, StatusMessage, { suspend: suspended });
      } catch (error) {
        // A repeat may be refused (already suspended, not suspended): the card is as asked, which is success.
        if (!(error instanceof EsimGoError) || error.status === 429 || error.status >= 500) throw error;
        if ((await suspendedState(iccid)) !== suspended) throw error;
      }
    },

    async revokeBundle({ iccid, bundle, assignmentId }): Promise<void> {
      // DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId} (type=transaction, the default): that one
      // assignment, whatever else the card carries.
      const path = `${cardPath(iccid)}/bundles/${encodeURIComponent(bundle)}/assignments/${encodeURIComponent(assignmentId)}`;
      try {
        await call('DELETE', path, StatusMessage);
      } catch (error) {
        // A repeat may be refused (already revoked, no longer there): gone is what was asked.
        if (!(error instanceof EsimGoError) || error.status === 429 || error.status >= 500) throw error;
        const bundles = await listBundles(iccid);
        const live = bundles.some(
          (item) => item.assignmentId === assignmentId && (item.state === 'queued' || item.state === 'active'),
        );
        if (live) throw error;
      }
    },

    lastSeen,

    async verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<UsageEvent[]> {
      verifySignature(settings.apiKey, rawBody, headers[ESIMGO_SIGNATURE_HEADER]);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new CallbackRejected('unreadable body');
      }
      const body = CallbackBody.safeParse(json);
      if (!body.success) throw new CallbackRejected('unreadable body');
      // Signed, but about something other than usage (a country change, the balance): nothing to apply.
      if (!isUsageReport(body.data.bundle)) return [];
      const bundle = UsageBundle.safeParse(body.data.bundle);
      const { iccid, alertType } = body.data;
      if (!bundle.success || !iccid || !alertType) throw new CallbackRejected('unreadable usage report');
      return [usageEventOf(iccid, alertType, bundle.data, now())];
    },
  };
}

/**
 * Promise.all that waits for every request to end before it throws the first failure: no request of a failed call
 * is still under way when the caller retries.
 */
async function settled<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The message of an error answer: { message } (the schema's Message), or the plain text POST /orders may send. */
function detailOf(payload: unknown, text: string): string {
  if (typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string')
    return payload.message.slice(0, DETAIL_MAX);
  if (typeof payload === 'string') return payload.slice(0, DETAIL_MAX);
  return text.trim().slice(0, DETAIL_MAX);
}
