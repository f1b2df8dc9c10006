import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** Answers a request with a JSON body, or with a Buffer's bytes as they are (and extra headers). */
export type SendJson = (status: number, payload: unknown, headers?: Record<string, string>) => void;

/**
 * What a provider's api can do wrong, switched on per test: answer an error status (nothing ran), never answer (the
 * client's timeout decides), or close the connection without an answer. With `after`, the request runs first and
 * only its answer is lost: the provider did it, the client cannot know (what idempotency keys are for).
 */
export type Fault =
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'timeout'; after?: boolean }
  | { kind: 'drop'; after?: boolean };

export interface FaultOptions {
  /** How many matching requests meet the fault (default 1). */
  times?: number;
  /** Which requests (default: every request). */
  match?: (request: { method: string; path: string }) => boolean;
}

export interface JsonServer {
  port: number;
  /** The next matching requests meet `fault`. Faults set earlier are used first. */
  fail(fault: Fault, options?: FaultOptions): void;
  /** Forgets the faults not met yet. */
  heal(): void;
  /** Requests that met a fault, in order. */
  faulted: Array<{ method: string; path: string; kind: Fault['kind'] }>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * A local HTTP server on 127.0.0.1 standing in for a payment provider's REST api: `handle` gets each request with its
 * whole body as text and answers it with `send`. Faults (`fail`) stand between the client and `handle`;
 * `outageBody` is what an error status says when the test names no body (each provider's own error shape).
 */
export async function startJsonServer(
  handle: (request: IncomingMessage, body: string, send: SendJson) => void,
  options: { outageBody?: (status: number) => unknown } = {},
): Promise<JsonServer> {
  const rules: Array<{ fault: Fault; times: number; match: FaultOptions['match'] }> = [];
  const faulted: JsonServer['faulted'] = [];
  const respond = (response: ServerResponse, status: number, payload: unknown, headers: Record<string, string>) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
  };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const method = request.method ?? 'GET';
      const path = new URL(request.url ?? '/', 'http://fake.local').pathname;
      const rule = rules.find((candidate) => candidate.times > 0 && (candidate.match?.({ method, path }) ?? true));
      if (rule) {
        rule.times -= 1;
        faulted.push({ method, path, kind: rule.fault.kind });
      }
      const fault = rule?.fault;
      // The answer is lost: the connection closes, or nothing is ever sent (the client gives up; close() ends it).
      const lose = (kind: 'timeout' | 'drop') => {
        if (kind === 'drop') request.socket.destroy();
      };
      if (fault?.kind === 'status') {
        const payload = fault.body ?? options.outageBody?.(fault.status) ?? { error: 'simulated outage' };
        respond(response, fault.status, payload, {});
        return;
      }
      if (fault && !fault.after) {
        lose(fault.kind);
        return;
      }
      handle(request, body, (status, payload, headers = {}) => {
        if (fault) lose(fault.kind);
        else respond(response, status, payload, headers);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fail(fault, faultOptions = {}) {
      rules.push({ fault, times: faultOptions.times ?? 1, match: faultOptions.match });
    },
    heal() {
      rules.length = 0;
    },
    faulted,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Requests left hanging by a timeout fault, and kept-alive connections.
        server.closeAllConnections();
      }),
  };
}
