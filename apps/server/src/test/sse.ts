import http from 'node:http';

export interface SseEvent {
  event: string;
  id: string | null;
  data: unknown;
  /** When the event was parsed (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far, comments excluded. */
  events: SseEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** The next event (after those already taken) matching `match`; rejects after `timeoutMs`. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource for tests: a GET through node:http, the body parsed as Server-Sent Events. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters: (() => boolean)[] = [];
      let taken = 0;
      let buffer = '';
      let endResolve: () => void = () => {};
      const ended = new Promise<void>((r) => {
        endResolve = r;
      });
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments: 0,
        ended,
        close: () => req.destroy(),
        next(match = () => true, timeoutMs = 3000) {
          return new Promise((ok, fail) => {
            let done = false;
            // True once this call is settled (then it is dropped from the waiters).
            const check = () => {
              if (done) return true;
              while (taken < events.length) {
                const e = events[taken++] as SseEvent;
                if (match(e)) {
                  done = true;
                  clearTimeout(timer);
                  ok(e);
                  return true;
                }
              }
              return false;
            };
            const timer = setTimeout(() => {
              done = true;
              fail(new Error(`no matching event within ${timeoutMs} ms`));
            }, timeoutMs);
            if (!check()) waiters.push(check);
          });
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          let onlyComments = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            onlyComments = false;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'id') id = value;
            else if (field === 'data') data.push(value);
          }
          if (onlyComments) {
            stream.comments += 1;
            continue;
          }
          if (data.length === 0) continue; // `retry:` only
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          events.push({ event, id, data: parsed, at: performance.now() });
          for (const check of waiters.splice(0)) if (!check()) waiters.push(check);
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(stream);
    });
    req.on('error', reject);
  });
}
