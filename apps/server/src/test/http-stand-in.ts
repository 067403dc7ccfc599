import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call an outside service's stand-in received. */
export interface StandInCall {
  method: string;
  /** Path and query, e.g. `/message/template`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or as a form, when it is one. */
  json: Record<string, unknown> | null;
  form: Record<string, string> | null;
}

export interface StandInAnswer {
  status?: number;
  body?: unknown;
  /** Answer after this long (a slow provider). */
  delayMs?: number;
  /** Close the connection without answering (a provider dying mid-call). */
  hangUp?: boolean;
}

export type StandInHandler = (call: StandInCall) => StandInAnswer | Promise<StandInAnswer>;

export interface HttpStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  calls: StandInCall[];
  handle(handler: StandInHandler): void;
  close(): Promise<void>;
}

/** A local HTTP server standing in for an outside provider (eSMS, SpeedSMS, Zalo), on a random port. */
export async function startHttpStandIn(handler: StandInHandler = () => ({ body: {} })): Promise<HttpStandIn> {
  let current = handler;
  const calls: StandInCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const type = String(req.headers['content-type'] ?? '');
      let json: Record<string, unknown> | null = null;
      let form: Record<string, string> | null = null;
      if (type.includes('json') && body) json = JSON.parse(body) as Record<string, unknown>;
      if (type.includes('x-www-form-urlencoded')) form = Object.fromEntries(new URLSearchParams(body));
      const call: StandInCall = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json, form };
      calls.push(call);
      const answer = await current(call);
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (answer.hangUp) {
        req.socket.destroy();
        return;
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (a provider that is down). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
