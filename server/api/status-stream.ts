import { PassThrough } from 'node:stream';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { LiveStreams } from './live-streams.js';
import type { RestOperation } from './rest.js';
import { readOperationQuery } from './rest.js';
import type { RestResponder } from './rest.js';

export interface StatusStreamOptions {
  /** The status operation: the stream carries exactly its body, for the same query. */
  readonly operation: RestOperation;
  readonly responder: RestResponder;
  readonly live: LiveStreams;
  readonly origin: string;
  readonly logger: Logger;
  /** Milliseconds between heartbeat comments, which keep proxies from closing a quiet stream. */
  readonly heartbeatMs: number;
  /** The `retry` hint: milliseconds a client waits before reconnecting. */
  readonly retryMs: number;
}

/**
 * Each status body's event, framed once and shared by every stream that sends it: a republish writes
 * the same bytes to every stream of the same filters.
 */
const events = new WeakMap<Buffer, Buffer>();

function statusEvent(revision: string, body: Buffer): Buffer {
  let event = events.get(body);
  if (!event) {
    event = Buffer.concat([Buffer.from(`id: ${revision}\nevent: status\ndata: `), body, Buffer.from('\n\n')]);
    events.set(body, event);
  }
  return event;
}

/** The path of the stream: the status operation's own, with `/stream` added. */
export const statusStreamPath = (operation: RestOperation) => `${operation.path}/stream`;

/**
 * `GET /api/v1/status/stream`: `text/event-stream` whose `status` events carry exactly the
 * `/api/v1/status` body for the same filters, with the content revision as `id`: one at connect
 * (none when `Last-Event-ID` is already the current revision), then one after each republish. The
 * query is read and the first body made before the stream starts, so a bad filter or missing content
 * is an ordinary problem response.
 */
export function statusStreamHandler(options: StatusStreamOptions): Middleware {
  const { operation, responder, live, origin } = options;
  return async (ctx) => {
    const { params, canonical } = readOperationQuery(
      operation,
      () => new URLSearchParams(ctx.querystring),
      origin,
    );
    const bodyNow = async () => {
      const request = responder.request(operation, params, canonical);
      const response = responder.cached(request) ?? (await responder.produce(request));
      return { revision: request.context.snapshot.catalog?.revision ?? null, body: response.body };
    };
    await bodyNow();

    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    // nginx (deploy/nginx/reset-tracker.conf) and other proxies pass each event on at once.
    ctx.set('X-Accel-Buffering', 'no');
    if (ctx.method === 'HEAD') return;

    const lease = live.admit(ctx.ip);
    const stream = new PassThrough();
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.on('close', lease.release);
    ctx.body = stream;

    stream.write(`retry: ${options.retryMs}\n\n`);
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), options.heartbeatMs);
    let sent = ctx.get('Last-Event-ID') || null;
    void (async () => {
      try {
        for await (const snapshot of live.follow(lease.signal)) {
          if (!snapshot.catalog || snapshot.catalog.revision === sent) continue;
          const { revision, body } = await bodyNow();
          if (revision === null || revision === sent) continue;
          sent = revision;
          stream.write(statusEvent(revision, body));
        }
      } catch (error) {
        options.logger.error({ err: error }, 'status stream failed');
      } finally {
        clearInterval(heartbeat);
        lease.release();
        stream.end();
      }
    })();
  };
}
