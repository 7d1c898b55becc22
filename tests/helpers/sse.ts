import http from 'node:http';
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';

/** An SSE response read with an independent parser: its head, and every event and comment so far. */
export interface OpenStream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly events: EventSourceMessage[];
  readonly comments: string[];
  /** The `retry` hints the stream sent. */
  readonly retries: number[];
  /** Resolves when the server ends the response. */
  readonly ended: Promise<void>;
  /** Resolves with the `count`-th event, waiting at most `timeoutMs`. */
  nthEvent(count: number, timeoutMs?: number): Promise<EventSourceMessage>;
  close(): void;
}

/** Opens `url` with `node:http` (so nothing reconnects or hides a byte) and parses what arrives. */
export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: EventSourceMessage[] = [];
      const comments: string[] = [];
      const retries: number[] = [];
      const waiters: (() => void)[] = [];
      const parser = createParser({
        onEvent: (event) => {
          events.push(event);
          for (const wake of waiters.splice(0)) wake();
        },
        onComment: (comment) => comments.push(comment),
        onRetry: (retry) => retries.push(retry),
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      const ended = new Promise<void>((done) => response.once('close', done));
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        retries,
        ended,
        nthEvent: async (count, timeoutMs = 5000) => {
          const deadline = Date.now() + timeoutMs;
          while (events.length < count) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no event ${count} within ${timeoutMs} ms (got ${events.length})`);
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiters.push(() => {
                clearTimeout(timer);
                wake();
              });
            });
          }
          return events[count - 1]!;
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
