import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo } from 'node:net';

/** Answers a request with a JSON body (and extra headers). */
export type SendJson = (status: number, payload: unknown, headers?: Record<string, string>) => void;

export interface JsonServer {
  port: number;
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
 * whole body as text and answers it with `send`.
 */
export async function startJsonServer(
  handle: (request: IncomingMessage, body: string, send: SendJson) => void,
): Promise<JsonServer> {
  const server = createServer((request, response) => {
    void readBody(request).then((body) =>
      handle(request, body, (status, payload, headers = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
