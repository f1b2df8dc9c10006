import { type IncomingHttpHeaders } from 'node:http';

/**
 * The connectivity provider: the network that carries the data a shop sells. We apply a provider's bundle to a card
 * (ICCID), and the provider tells us how it is used (signed callbacks) and answers status and location questions.
 * Mirrors payments/providers/types.ts: one interface, a built-in simulator (the default, offline) and real adapters
 * (eSIM Go API v2.5) tested against local fakes in the provider's documented shapes.
 */

export type ConnectivityProviderName = 'simulator' | 'esimgo';
export const CONNECTIVITY_PROVIDER_NAMES: ReadonlyArray<ConnectivityProviderName> = ['simulator', 'esimgo'];

/**
 * A bundle's life at the provider, in one vocabulary for every provider: 'queued' (applied, not started: waits for
 * first use or for the bundle before it), 'active' (in use), 'depleted' (used up), 'expired' (its time ran out),
 * 'revoked' (taken back by the provider or by us). The last three are final.
 */
export type BundleState = 'queued' | 'active' | 'depleted' | 'expired' | 'revoked';

/** Later states never go back to earlier ones: an older event cannot undo a newer one. */
export const BUNDLE_STATE_RANK: Readonly<Record<BundleState, number>> = {
  queued: 0,
  active: 1,
  depleted: 2,
  expired: 2,
  revoked: 2,
};

/** What we ask the provider to carry: one bundle on one card, once per our reference. */
export interface ApplyRequest {
  /** Our card_packages.id, as text: the same reference on every retry, so a retried apply is one assignment. */
  reference: string;
  iccid: string;
  /** The provider's bundle name (packages.provider_bundle, e.g. eSIM Go's "esim_1GB_7D_IM_U"). */
  bundle: string;
  /** Data in bytes and validity in days as we sold them (the simulator carries exactly this; real providers know). */
  dataBytes: number | null;
  unlimited: boolean;
  validityDays: number;
  /** Daily full-speed amount of an unlimited bundle (fair use); null: none. */
  fairUseDailyBytes: number | null;
  /**
   * When an earlier attempt for this reference started (null on the first): a provider without idempotency keys
   * looks for an assignment made since then before it applies again (eSIM Go).
   */
  firstAttemptAt: Date | null;
  /** Assignment ids our other packages already hold: never taken as this reference's assignment. */
  knownAssignments: ReadonlyArray<string>;
}

/**
 * A shared bundle (a pool package) for the cards of a pool (its lines): they all draw from one quota. Once per our
 * reference, like ApplyRequest; validity runs from purchase, to endsAt (a refill moves it: see PoolSyncRequest).
 */
export interface PoolApplyRequest {
  reference: string;
  bundle: string;
  dataBytes: number | null;
  unlimited: boolean;
  validityDays: number;
  endsAt: Date | null;
  /** The member cards (ICCIDs) drawing from it now. */
  iccids: ReadonlyArray<string>;
}

/** The pool as it is now, for a shared bundle the provider carries: its lines, its end, or stopped (deleted). */
export interface PoolSyncRequest {
  assignmentId: string;
  reference: string;
  iccids: ReadonlyArray<string>;
  endsAt: Date | null;
  stopped: boolean;
}

/**
 * 'applied': the provider carries it (now or once what is before it ends); 'refused': the provider said no for good
 * (unknown bundle, incompatible card, no such card): the package is marked and the order refunded. Anything that may
 * work on a retry (network, 5xx, 429, our balance at the provider) is thrown as an Error instead: the job retries.
 */
export type ApplyResult = { status: 'applied'; assignmentId: string } | { status: 'refused'; reason: string };

/** A bundle applied to a card as the provider reports it now. Quantities in bytes. */
export interface AppliedBundle {
  /** The provider's id of this assignment (eSIM Go: bundle assignment id). */
  assignmentId: string;
  /** Our reference when the provider echoes it back; else null (matched by assignment id). */
  reference: string | null;
  bundle: string;
  state: BundleState;
  initialBytes: number | null;
  remainingBytes: number | null;
  /**
   * What was used of the bundle so far, where the provider reports it: the only figure of an unlimited bundle's use
   * (it has no remaining quantity). Absent or null: not reported (the pull then reads initial - remaining).
   */
  usedBytes?: number | null;
  unlimited: boolean;
  /** Whether the card is slowed down on this bundle now (fair use of an unlimited bundle). */
  throttled: boolean;
  startedAt: Date | null;
  endsAt: Date | null;
}

/** The card at the provider: its status, where it was seen last, and its bundles. */
export interface CardSnapshot {
  iccid: string;
  /** 'Ready' never used, 'Activated' in service, 'Suspension' suspended or barred (the card page's statuses). */
  status: 'Ready' | 'Activated' | 'Suspension';
  lastSeen: LastSeen | null;
  bundles: AppliedBundle[];
  /** When the provider measured these figures. */
  at: Date;
}

export interface LastSeen {
  /** ISO 3166-1 alpha-2 country code, upper case (null when the network is known but not its country). */
  country: string | null;
  /** The network (operator) name, or its MCC/MNC when the provider gives no name. */
  network: string | null;
  at: Date;
}

/**
 * One usage report about one bundle assignment (a provider's callback, or one bundle of a pulled snapshot). Usage
 * figures are cumulative (what was used of the bundle so far), so applying an old report after a newer one changes
 * nothing: we keep the larger used amount, the later state and the later timestamp.
 */
export interface UsageEvent {
  /**
   * Unique per report at this provider: its event id, or (eSIM Go, which sends none) the assignment with the
   * reported remaining quantity and alert type. A report seen before is not applied again.
   */
  eventKey: string;
  iccid: string;
  /** Our card_packages.id as text when the provider echoes it; else null. */
  reference: string | null;
  /** The provider's assignment id; matched against card_packages.provider_assignment. */
  assignmentId: string | null;
  /** When the provider measured it (the event's own time; eSIM Go: the receipt time, see its adapter). */
  at: Date;
  state: BundleState;
  initialBytes: number | null;
  remainingBytes: number | null;
  /** What was used of the bundle so far, where the provider reports it (unlimited bundles); else initial - remaining. */
  usedBytes?: number | null;
  unlimited: boolean;
  /** null: the report says nothing about throttling. */
  throttled: boolean | null;
  startedAt: Date | null;
  endsAt: Date | null;
  /**
   * A report about one member card's use of a shared bundle (a pool package): usedBytes is what this card used of it
   * so far, initialBytes the whole pool's quota, state the shared bundle's.
   */
  poolLine?: boolean;
}

/**
 * A new eSIM profile for a slot, ordered from the provider with the package's bundle on it (eSIM Go: an order that
 * assigns the bundle to a new eSIM; the simulator issues one of its own). Once per reference (our
 * 'esim-order-<order id>'): a retry answers the profile the first attempt got.
 */
export interface ProfileOrderRequest {
  reference: string;
  eid: string;
  bundle: string;
  dataBytes: number | null;
  unlimited: boolean;
  validityDays: number;
  fairUseDailyBytes: number | null;
  /** When an earlier attempt for this reference started (null on the first). */
  firstAttemptAt: Date | null;
}

/** The profile the provider issued: what the device downloads (LPA:1$<smdpAddress>$<matchingId>). */
export interface IssuedProfile {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** The bundle's assignment on the new profile (matched by usage reports), when the provider names it. */
  assignmentId: string | null;
}

/**
 * 'issued': the profile; 'refused': no for good (unknown bundle; the order is paid back); 'unknown': an earlier
 * attempt may have ordered already and the provider cannot tell (no idempotency key): an operator looks, nothing is
 * ordered twice. Retryable failures are thrown.
 */
export type ProfileOrderResult =
  | { status: 'issued'; profile: IssuedProfile }
  | { status: 'refused'; reason: string }
  | { status: 'unknown'; reason: string };

/** A profile's life on the device as the provider sees it (SGP.22 profile states plus the download steps). */
export type ProfileState =
  'released' | 'downloaded' | 'installed' | 'enabled' | 'disabled' | 'deleted' | 'install_fail';

export interface ProfileStatus {
  state: ProfileState;
  /** Why the install failed (install_fail), else null. */
  reason: string | null;
  installedAt: Date | null;
}

/** A remote change of a profile on the device; 'unsupported' where the provider cannot do it. */
export type ProfileActionResult = 'done' | 'unsupported';

/** A callback that is not from the provider (bad signature, unreadable body): answered 400, nothing stored. */
export class CallbackRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CallbackRejected';
  }
}

/** One connectivity provider. Every method that talks to the provider throws an Error on a retryable failure. */
export interface ConnectivityProvider {
  readonly name: ConnectivityProviderName;
  /** Applies a bundle to a card, once per reference (see ApplyRequest). */
  apply(request: ApplyRequest): Promise<ApplyResult>;
  /** The card's bundles with remaining quantities and states; an unknown card: an empty list. */
  listBundles(iccid: string): Promise<AppliedBundle[]>;
  /** The card's status, last-seen network and bundles in one answer (refresh and the periodic pull use it). */
  snapshot(iccid: string): Promise<CardSnapshot>;
  /** Stops (suspend) or restarts (unsuspend) the card's service; idempotent. */
  setSuspended(iccid: string, suspended: boolean): Promise<void>;
  /**
   * Takes one applied bundle back (a refunded or disputed package) by its assignment, leaving the card's other
   * bundles running; idempotent (a bundle already gone is done).
   */
  revokeBundle(request: { iccid: string; bundle: string; assignmentId: string; reference: string }): Promise<void>;
  /**
   * Shared bundles (pools), where the provider has them (the simulator; eSIM Go has none: both absent, and a pool's
   * packages are not carried there). applyPool: once per reference. syncPool: sets the bundle's lines and end, or
   * stops it; idempotent.
   */
  applyPool?(request: PoolApplyRequest): Promise<ApplyResult>;
  syncPool?(request: PoolSyncRequest): Promise<void>;
  /** Orders a new eSIM profile with a bundle on it (see ProfileOrderRequest). */
  orderProfile(request: ProfileOrderRequest): Promise<ProfileOrderResult>;
  /** The profile's state on the device; null when the provider does not know the ICCID. */
  profileStatus(iccid: string): Promise<ProfileStatus | null>;
  /** Enables, disables or deletes the profile on the device (the slot page's remote actions). */
  profileAction(iccid: string, action: 'enable' | 'disable' | 'delete'): Promise<ProfileActionResult>;
  /** Where the card was last seen on a network, or null when never. */
  lastSeen(iccid: string): Promise<LastSeen | null>;
  /**
   * Checks a usage callback's signature on the raw body and reads it into events; throws CallbackRejected for
   * anything not provably from the provider. One callback may carry several reports.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<UsageEvent[]>;
}

/** Our reference for a card package at the provider. */
export const referenceOf = (cardPackageId: number): string => String(cardPackageId);
