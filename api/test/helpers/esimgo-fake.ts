import { createHmac, randomUUID } from 'node:crypto';
import { startJsonServer, type SendJson } from './fake-server';

/**
 * A local stand-in for the eSIM Go API v2.5 endpoints the connectivity adapter uses, answering in the shapes of
 * esim_go_schema_v2_5.yaml: POST /orders (OrderResponseTransaction; with assign and no ICCIDs it takes new eSIMs),
 * GET /esims/assignments?reference= (install details, JSON), GET /esims/{iccid} (eSIMDetailsResponse),
 * GET /esims/{iccid}/bundles (BundlesList), GET and POST /esims/{iccid}/suspend (SuspendESIM, StatusMessage) and
 * GET /esims/{iccid}/location (LocationResponse). Errors are { message } like the schema's Message. It keeps cards,
 * assignments and a balance in memory, checks X-API-Key (401 otherwise), records every request and answers errors
 * on demand (failNext, loseNextAnswer, delayNext).
 */

export const FAKE_ESIMGO_KEY = 'esimgo-test-key-0123456789';
const PREFIX = '/v2.5';

export interface FakeEsim {
  iccid: string;
  /** Released, Downloaded, Installed, Unavailable, Deactivated (Get eSIM details). */
  profileStatus: string;
  /** Milliseconds since epoch, 0 when never installed. */
  firstInstalledDateTime: number;
  state: 'active' | 'suspended' | 'deactivated';
  /** Bundles of another profile are not compatible with this card. */
  profile: string;
  location: {
    mobileNetworkCode: string;
    networkName: string;
    networkBrandName: string;
    country: string;
    lastSeen: string;
  } | null;
}

export interface FakeAssignment {
  id: string;
  iccid: string;
  bundle: string;
  /** processing, queued, active, depleted, expired, revoked, lapsed. */
  bundleState: string;
  initialQuantity: number;
  remainingQuantity: number;
  assignmentDateTime: string;
  assignmentReference: string;
  startTime: string | null;
  endTime: string | null;
  unlimited: boolean;
  /** Not listed yet (eSIM Go still processing the order). */
  hidden: boolean;
}

export interface FakeCatalogueBundle {
  name: string;
  description: string;
  bytes: number;
  days: number;
  unlimited: boolean;
  profile: string;
  price: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

interface Match {
  method?: string;
  path?: RegExp;
}

/**
 * An answer planned for the next matching request: 'fail' answers without processing it, 'lose' processes it and
 * answers an error instead (eSIM Go did it, we never heard), 'delay' processes it and answers late.
 */
type Planned = Match &
  (
    | { kind: 'fail'; status: number; payload: unknown }
    | { kind: 'lose'; status: number }
    | { kind: 'delay'; ms: number }
  );

interface Answer {
  status: number;
  payload: unknown;
}

export interface FakeEsimGo {
  /** The API root to give the adapter (baseUrl). */
  baseUrl: string;
  esims: Map<string, FakeEsim>;
  assignments: FakeAssignment[];
  catalogue: Map<string, FakeCatalogueBundle>;
  requests: RecordedRequest[];
  /** The organisation's balance (USD); an order costing more is refused with 400. */
  balance: number;
  /** While true, assignments made by orders are hidden from GET bundles (still processing). */
  hideNewAssignments: boolean;
  addEsim(iccid: string, fields?: Partial<FakeEsim>): FakeEsim;
  addAssignment(iccid: string, bundle: string, fields?: Partial<FakeAssignment>): FakeAssignment;
  /** Consumes data on an assignment: starts it (if not started) and updates its state. */
  use(assignmentId: string, bytes: number, at?: Date): FakeAssignment;
  /** Registers the card on a network: its location, and the profile installed. */
  attach(
    iccid: string,
    location: { country: string; networkName: string; code: string; brand?: string },
    at?: Date,
  ): void;
  /** The next matching request is answered with this status and body, without being processed. */
  failNext(status: number, payload: unknown, match?: Match): void;
  /** The next matching request is processed, but its answer is replaced by this error (a lost answer). */
  loseNextAnswer(status?: number, match?: Match): void;
  /** The next matching request is processed and answered only after `ms` (for client timeouts). */
  delayNext(ms: number, match?: Match): void;
  /** Requests to a method and path (the path without the version prefix). */
  calls(method: string, path: string | RegExp): RecordedRequest[];
  /** A V3 callback body (UsageCallbackV3) for an assignment as it stands. */
  usageCallback(assignmentId: string, alertType?: string): Record<string, unknown>;
  close(): Promise<void>;
}

/** A V3 callback as eSIM Go sends it: the raw body and its X-Signature-SHA256 (HMAC-SHA256 keyed with the API key). */
export function signedCallback(
  apiKey: string,
  body: unknown,
  encoding: 'base64' | 'hex',
): { rawBody: Buffer; headers: Record<string, string> } {
  const rawBody = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-signature-sha256': createHmac('sha256', apiKey).update(rawBody).digest(encoding),
    },
  };
}

/** Assignments GET bundles leaves out unless includeUsed=true (guides/bundle_status). */
const USED_STATES = ['depleted', 'expired', 'revoked', 'lapsed'];

export const FAKE_CATALOGUE: ReadonlyArray<FakeCatalogueBundle> = [
  {
    name: 'esim_1GB_7D_IM_U',
    description: 'eSIM, 1GB, 7 Days, Isle of Man',
    bytes: 1e9,
    days: 7,
    unlimited: false,
    profile: 'Profile 1',
    price: 2.5,
  },
  {
    name: 'esim_5GB_30D_EU_V2',
    description: 'eSIM, 5GB, 30 Days, Europe',
    bytes: 5e9,
    days: 30,
    unlimited: false,
    profile: 'Profile 1',
    price: 9,
  },
  {
    name: 'esim_UL_1D_TR_V2',
    description: 'eSIM, Unlimited Lite, 1 Day, Turkey',
    bytes: 1e9,
    days: 1,
    unlimited: true,
    profile: 'Profile 1',
    price: 3,
  },
  {
    name: 'esim_1GB_7D_US_P2',
    description: 'eSIM, 1GB, 7 Days, USA (profile 2)',
    bytes: 1e9,
    days: 7,
    unlimited: false,
    profile: 'Profile 2',
    price: 2,
  },
];

export async function startFakeEsimGo(options: { apiKey?: string; now?: () => Date } = {}): Promise<FakeEsimGo> {
  const apiKey = options.apiKey ?? FAKE_ESIMGO_KEY;
  const now = options.now ?? (() => new Date());
  const esims = new Map<string, FakeEsim>();
  const assignments: FakeAssignment[] = [];
  const catalogue = new Map(FAKE_CATALOGUE.map((bundle) => [bundle.name, { ...bundle }]));
  const requests: RecordedRequest[] = [];
  const planned: Planned[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = { balance: 1000, hideNewAssignments: false, nextId: 215_009_266, nextIccid: 1_000_000_001 };
  /** eSIMs of each order (by orderReference), for GET /esims/assignments. */
  const orders = new Map<string, string[]>();

  const message = (status: number, text: string): Answer => ({ status, payload: { message: text } });
  const find = (iccid: string) => esims.get(iccid);
  const notOurs = (iccid: string) => message(403, `The ICCID ${iccid} is not assigned to your organisation`);

  function addEsim(iccid: string, fields: Partial<FakeEsim> = {}): FakeEsim {
    const esim: FakeEsim = {
      iccid,
      profileStatus: 'Released',
      firstInstalledDateTime: 0,
      state: 'active',
      profile: 'Profile 1',
      location: null,
      ...fields,
    };
    esims.set(iccid, esim);
    return esim;
  }

  function addAssignment(iccid: string, bundleName: string, fields: Partial<FakeAssignment> = {}): FakeAssignment {
    const bundle = catalogue.get(bundleName);
    const assignment: FakeAssignment = {
      id: String(state.nextId++),
      iccid,
      bundle: bundleName,
      bundleState: 'processing',
      initialQuantity: bundle?.bytes ?? 1e9,
      remainingQuantity: bundle?.bytes ?? 1e9,
      assignmentDateTime: now().toISOString(),
      assignmentReference: `${randomUUID()}-0`,
      startTime: null,
      endTime: null,
      unlimited: bundle?.unlimited ?? false,
      hidden: false,
      ...fields,
    };
    assignments.push(assignment);
    return assignment;
  }

  function use(assignmentId: string, bytes: number, at = now()): FakeAssignment {
    const assignment = assignments.find((candidate) => candidate.id === assignmentId);
    if (!assignment) throw new Error(`no assignment ${assignmentId}`);
    const days = catalogue.get(assignment.bundle)?.days ?? 7;
    if (!assignment.startTime) {
      assignment.startTime = at.toISOString();
      assignment.endTime = new Date(at.getTime() + days * 86_400_000).toISOString();
    }
    assignment.remainingQuantity = Math.max(0, assignment.remainingQuantity - bytes);
    assignment.bundleState = assignment.remainingQuantity === 0 && !assignment.unlimited ? 'depleted' : 'active';
    return assignment;
  }

  function attach(
    iccid: string,
    location: { country: string; networkName: string; code: string; brand?: string },
    at = now(),
  ) {
    const esim = find(iccid);
    if (!esim) throw new Error(`no eSIM ${iccid}`);
    esim.location = {
      mobileNetworkCode: location.code,
      networkName: location.networkName,
      networkBrandName: location.brand ?? location.networkName,
      country: location.country,
      lastSeen: at.toISOString(),
    };
    esim.profileStatus = 'Installed';
    if (!esim.firstInstalledDateTime) esim.firstInstalledDateTime = at.getTime();
  }

  // ---- Endpoints

  function order(body: unknown): Answer {
    const request = body as {
      type?: string;
      assign?: boolean;
      order?: Array<{ type?: string; item?: string; quantity?: number; iccids?: string[]; allowReassign?: boolean }>;
    } | null;
    if (!request || !Array.isArray(request.order) || request.order.length === 0)
      return message(400, 'Missing or invalid required field: order');
    if (request.type !== 'transaction' && request.type !== 'validate') return message(400, 'Invalid order type');
    let total = 0;
    for (const line of request.order) {
      const bundle = catalogue.get(line.item ?? '');
      if (!bundle) return message(400, `Bundle ${line.item ?? ''} not found`);
      const iccids = line.iccids ?? [];
      if (iccids.length > 0 && request.assign !== true)
        return message(400, 'ICCIDs can only be given with assign set to true');
      if (iccids.length > 0 && iccids.length !== line.quantity)
        return message(400, 'Quantity must match the number of ICCIDs');
      for (const iccid of iccids) {
        const esim = find(iccid);
        if (!esim) return notOurs(iccid);
        if (esim.state === 'deactivated') return message(400, `eSIM ${iccid} is deactivated`);
        if (esim.profile !== bundle.profile && !line.allowReassign)
          return message(400, `Bundle ${bundle.name} is not compatible with eSIM ${iccid}`);
      }
      total += bundle.price * (line.quantity ?? 1);
    }
    if (total > state.balance) return message(400, 'Insufficient balance to complete this order');
    const orderReference = randomUUID();
    if (request.type === 'transaction') {
      state.balance -= total;
      const made: string[] = [];
      for (const line of request.order) {
        // assign without ICCIDs: eSIM Go takes a new eSIM of its own for each one ordered.
        const iccids =
          (line.iccids ?? []).length > 0 || request.assign !== true
            ? (line.iccids ?? [])
            : Array.from({ length: line.quantity ?? 1 }, () => {
                const iccid = `8944${String(state.nextIccid++).padStart(15, '0')}`;
                addEsim(iccid, { profile: catalogue.get(line.item ?? '')?.profile ?? 'Profile 1' });
                return iccid;
              });
        for (const iccid of iccids) {
          addAssignment(iccid, line.item ?? '', {
            assignmentReference: `${orderReference}-0`,
            hidden: state.hideNewAssignments,
          });
          made.push(iccid);
        }
      }
      orders.set(orderReference, made);
    }
    return {
      status: 200,
      payload: {
        order: request.order.map((line) => {
          const bundle = catalogue.get(line.item ?? '');
          return {
            type: 'bundle',
            item: line.item,
            iccids: line.iccids ?? [],
            quantity: line.quantity,
            subTotal: (bundle?.price ?? 0) * (line.quantity ?? 1),
            pricePerUnit: bundle?.price ?? 0,
            AllowReassign: line.allowReassign ?? false,
          };
        }),
        total,
        currency: 'USD',
        status: 'completed',
        statusMessage: `Order completed: ${request.order.length} eSIM assigned`,
        orderReference,
        createdDate: now().toISOString(),
        assigned: request.assign === true,
      },
    };
  }

  function bundlesOf(iccid: string, query: Record<string, string>): Answer {
    if (!find(iccid)) return notOurs(iccid);
    const limit = Math.min(200, Math.max(1, Number(query.limit ?? 15) || 15));
    const listed = assignments
      .filter((assignment) => assignment.iccid === iccid && !assignment.hidden)
      .filter((assignment) => query.includeUsed === 'true' || !USED_STATES.includes(assignment.bundleState))
      .sort((a, b) => Date.parse(b.assignmentDateTime) - Date.parse(a.assignmentDateTime))
      .slice(0, limit);
    const byName = new Map<string, FakeAssignment[]>();
    for (const assignment of listed)
      byName.set(assignment.bundle, [...(byName.get(assignment.bundle) ?? []), assignment]);
    return {
      status: 200,
      payload: {
        bundles: [...byName].map(([name, list]) => ({
          name,
          description: catalogue.get(name)?.description ?? name,
          assignments: list.map((assignment) => ({
            id: assignment.id,
            callTypeGroup: 'data',
            initialQuantity: assignment.initialQuantity,
            remainingQuantity: assignment.remainingQuantity,
            assignmentDateTime: assignment.assignmentDateTime,
            assignmentReference: assignment.assignmentReference,
            bundleState: assignment.bundleState,
            // Not started: no startTime / endTime in the answer (BundleAssignment).
            ...(assignment.startTime ? { startTime: assignment.startTime } : {}),
            ...(assignment.endTime ? { endTime: assignment.endTime } : {}),
            unlimited: assignment.unlimited,
          })),
        })),
      },
    };
  }

  function details(iccid: string): Answer {
    const esim = find(iccid);
    if (!esim) return notOurs(iccid);
    return {
      status: 200,
      payload: {
        iccid: esim.iccid,
        pin: '0000',
        puk: '12345678',
        matchingId: `JQ-${esim.iccid.slice(-6)}-FAKE`,
        smdpAddress: 'rsp.esimgo-fake.test',
        profileStatus: esim.profileStatus,
        firstInstalledDateTime: esim.firstInstalledDateTime,
        customerRef: '',
        profileName: esim.profile,
        state: esim.state,
      },
    };
  }

  function setSuspension(iccid: string, body: unknown): Answer {
    const esim = find(iccid);
    if (!esim) return notOurs(iccid);
    const suspend = (body as { suspend?: unknown } | null)?.suspend;
    if (typeof suspend !== 'boolean') return message(400, 'Missing or invalid required field: suspend');
    if (esim.state === 'deactivated') return message(400, 'eSIM is deactivated');
    // eSIM Go does not document its answer to a repeat; the fake refuses it (400), the harder case for the adapter.
    if (suspend && esim.state === 'suspended') return message(400, 'eSIM is already suspended');
    if (!suspend && esim.state !== 'suspended') return message(400, 'eSIM is not suspended');
    esim.state = suspend ? 'suspended' : 'active';
    return {
      status: 201,
      payload: { status: suspend ? 'eSIM suspended successfully' : 'eSIM unsuspended successfully' },
    };
  }

  function location(iccid: string): Answer {
    const esim = find(iccid);
    if (!esim) return notOurs(iccid);
    // Never seen: every field of LocationResponse empty.
    return {
      status: 200,
      payload: esim.location ?? {
        mobileNetworkCode: '',
        networkName: '',
        networkBrandName: '',
        country: '',
        lastSeen: '',
      },
    };
  }

  /** DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}: that assignment revoked; gone → 400. */
  function revoke(iccid: string, name: string, id: string): Answer {
    if (!find(iccid)) return notOurs(iccid);
    const assignment = assignments.find((item) => item.iccid === iccid && item.bundle === name && item.id === id);
    if (!assignment || USED_STATES.includes(assignment.bundleState)) {
      return message(400, 'Bundle assignment not found or not revokable');
    }
    assignment.bundleState = 'revoked';
    return { status: 200, payload: { status: 'Bundle revoked' } };
  }

  /** GET /esims/assignments?reference=: install details, one object for one eSIM, an array for several. */
  function installDetails(query: Record<string, string>): Answer {
    const iccids = orders.get(query.reference ?? '');
    if (!iccids) return message(400, 'Reference not found');
    const list = iccids.map((iccid) => ({
      iccid,
      matchingId: `JQ-${iccid.slice(-6)}-FAKE`,
      smdpAddress: 'rsp.esimgo-fake.test',
      profileStatus: esims.get(iccid)?.profileStatus ?? 'Released',
      pin: '1234',
      puk: '12345678',
    }));
    return { status: 200, payload: list.length === 1 ? list[0] : list };
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): Answer {
    if (method === 'POST' && path === '/orders') return order(body);
    if (method === 'GET' && path === '/esims/assignments') return installDetails(query);
    const revoking = /^\/esims\/([^/]+)\/bundles\/([^/]+)\/assignments\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && revoking) {
      const [, iccid = '', name = '', id = ''] = revoking.map((part) => decodeURIComponent(part));
      return revoke(iccid, name, id);
    }
    const card = /^\/esims\/([^/]+)(\/bundles|\/suspend|\/location)?$/.exec(path);
    if (!card) return message(404, 'Not found');
    const iccid = decodeURIComponent(card[1] ?? '');
    const sub = card[2] ?? '';
    if (method === 'GET' && sub === '') return details(iccid);
    if (method === 'GET' && sub === '/bundles') return bundlesOf(iccid, query);
    if (method === 'GET' && sub === '/suspend') {
      const esim = find(iccid);
      return esim ? { status: 200, payload: { suspended: esim.state === 'suspended' } } : notOurs(iccid);
    }
    if (method === 'POST' && sub === '/suspend') return setSuspension(iccid, body);
    if (method === 'GET' && sub === '/location') return location(iccid);
    return message(404, 'Not found');
  }

  function takePlanned(method: string, path: string): Planned | undefined {
    const index = planned.findIndex(
      (plan) => (!plan.method || plan.method === method) && (!plan.path || plan.path.test(path)),
    );
    return index === -1 ? undefined : planned.splice(index, 1)[0];
  }

  /** Answers now, or after `ms` (a timer the fake clears when it closes). */
  function answer(send: SendJson, result: Answer, ms = 0) {
    if (ms <= 0) return send(result.status, result.payload);
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(result.status, result.payload);
    }, ms);
    timers.add(timer);
  }

  const server = await startJsonServer((request, text, send) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
    requests.push({ method, path, query, body });
    if (request.headers['x-api-key'] !== apiKey) return send(401, { message: 'Unauthorized' });
    if (!url.pathname.startsWith(PREFIX)) return send(404, { message: 'Not found' });
    const plan = takePlanned(method, path);
    if (plan?.kind === 'fail') return answer(send, { status: plan.status, payload: plan.payload });
    const result = route(method, path, query, body);
    if (plan?.kind === 'lose') return answer(send, message(plan.status, 'Gateway Timeout'));
    answer(send, result, plan?.kind === 'delay' ? plan.ms : 0);
  });

  return {
    baseUrl: `http://127.0.0.1:${server.port}${PREFIX}`,
    esims,
    assignments,
    catalogue,
    requests,
    get balance() {
      return state.balance;
    },
    set balance(value: number) {
      state.balance = value;
    },
    get hideNewAssignments() {
      return state.hideNewAssignments;
    },
    set hideNewAssignments(value: boolean) {
      state.hideNewAssignments = value;
    },
    addEsim,
    addAssignment,
    use,
    attach,
    failNext(status, payload, match = {}) {
      planned.push({ ...match, kind: 'fail', status, payload });
    },
    loseNextAnswer(status = 504, match = {}) {
      planned.push({ ...match, kind: 'lose', status });
    },
    delayNext(ms, match = {}) {
      planned.push({ ...match, kind: 'delay', ms });
    },
    calls: (method, path) =>
      requests.filter(
        (request) =>
          request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
      ),
    usageCallback(assignmentId, alertType = 'Utilisation') {
      const assignment = assignments.find((candidate) => candidate.id === assignmentId);
      if (!assignment) throw new Error(`no assignment ${assignmentId}`);
      return {
        iccid: assignment.iccid,
        alertType,
        bundle: {
          id: assignment.id,
          reference: assignment.assignmentReference,
          name: assignment.bundle,
          description: catalogue.get(assignment.bundle)?.description ?? assignment.bundle,
          initialQuantity: assignment.initialQuantity,
          remainingQuantity: assignment.remainingQuantity,
          startTime: assignment.startTime ?? '',
          endTime: assignment.endTime ?? '',
          unlimited: assignment.unlimited,
        },
      };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}
