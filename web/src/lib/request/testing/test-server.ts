import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface Received {
  method: string;
  /** Path and raw query string, exactly as sent. */
  url: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: Received, response: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface TestServer {
  baseUrl: string;
  received: Received[];
  close(): Promise<void>;
}

/** A real HTTP server on a free local port that records every request before handing it to `handler`. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer(async (raw, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const url = raw.url ?? '/';
    const entry: Received = {
      method: raw.method ?? 'GET',
      url,
      path: url.split('?')[0]!,
      headers: raw.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(entry);
    await handler(entry, response, raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answer with the envelope (HTTP 200 unless told). */
export function sendEnvelope(response: ServerResponse, code: number, msg = '', data: unknown = null, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, msg, time: Math.floor(Date.now() / 1000), data }));
}

/** A port that was free a moment ago and has nothing listening now. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
