/**
 * A webhook receiver on 127.0.0.1 that checks every message as the Standard Webhooks specification
 * tells a receiver to, independently of the `standardwebhooks` package (node:crypto only): the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers present, the timestamp within
 * 5 minutes of now, and one `v1,` signature equal to the base64 HMAC-SHA256 of `id.timestamp.body`
 * (the raw body bytes) keyed with the base64-decoded secret after `whsec_`. A verified message is
 * recorded in `received` and answered as told (`next`), by default 204; any other is recorded in
 * `refused` and answered 401.
 *
 * The secret may depend on the path (one receiver, many registrations) and be unknown yet: a new
 * webhook's verification arrives before its registration answers with the secret. Such a message is
 * recorded in `unverified`, with its raw body, and answered as told; the test checks its signature
 * once it has the secret (`signatureProblem`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedMessage {
  readonly id: string;
  readonly timestamp: number;
  /** The body's `type`, or null when it is not JSON with one. */
  readonly type: string | null;
  readonly body: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly path: string;
}

/** What to answer one request with. */
export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** The body, or one made from the message (a verification's echo). */
  readonly body?: string | ((message: ReceivedMessage) => string);
  /** Send nothing at all (the request waits for its headers until the client gives up). */
  readonly stallHeaders?: boolean;
  /** Send the headers and `body`, then nothing more (the body never ends). */
  readonly stallBody?: boolean;
  /** Answer 302 with this Location. */
  readonly redirect?: string;
  /** Answer with a body of this many bytes, written as fast as the client reads it. */
  readonly hugeBytes?: number;
}

/** What became of a huge body: the bytes handed to the socket and whether it was sent whole. */
interface HugeAnswer {
  written: number;
  finished: boolean;
  closed: boolean;
}

/** The secret messages are signed with: one, or one per path (undefined while it is not known). */
export type ReceiverSecret = string | ((path: string) => string | undefined);

/** A message whose secret was not known when it came: its raw body, to verify later. */
interface UnverifiedMessage extends ReceivedMessage {
  readonly raw: Buffer;
}

export interface WebhookReceiver {
  readonly origin: string;
  readonly secret: ReceiverSecret;
  /** Every request that came in, verified or not. */
  readonly requests: { readonly path: string; readonly headers: http.IncomingHttpHeaders }[];
  readonly received: ReceivedMessage[];
  readonly refused: { readonly reason: string; readonly body: string }[];
  readonly unverified: UnverifiedMessage[];
  readonly huge: HugeAnswer[];
  /** The answers to the next requests, in order, before the default 204. */
  next(...replies: Reply[]): void;
  /** Connections opened to it so far. */
  connections(): number;
  stop(): Promise<void>;
}

/** Why the request's signature does not verify, or null when it does. */
export function signatureProblem(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: Buffer,
  nowSeconds = Date.now() / 1000,
): string | null {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return 'missing webhook headers';
  }
  if (!/^\d+$/.test(timestamp)) return 'timestamp not an integer';
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return 'timestamp more than 5 minutes off';
  if (!secret.startsWith('whsec_')) return 'secret without whsec_';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]))
    .digest();
  const match = signatures.split(' ').some((entry) => {
    const [version, value = ''] = entry.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? null : 'no signature matches';
}

function typeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { type?: unknown };
    return typeof parsed.type === 'string' ? parsed.type : null;
  } catch {
    return null;
  }
}

export interface ReceiverOptions {
  /** Milliseconds before each answer, as a real receiver's work takes (a fan-out lasts long enough to cut). */
  readonly delayMs?: number;
}

export async function startWebhookReceiver(
  secret: ReceiverSecret,
  options: ReceiverOptions = {},
): Promise<WebhookReceiver> {
  const replies: Reply[] = [];
  const receiver = {
    origin: '',
    secret,
    requests: [] as WebhookReceiver['requests'][number][],
    received: [] as ReceivedMessage[],
    refused: [] as WebhookReceiver['refused'][number][],
    unverified: [] as UnverifiedMessage[],
    huge: [] as HugeAnswer[],
  };

  function sendHuge(response: http.ServerResponse, bytes: number) {
    const record: HugeAnswer = { written: 0, finished: false, closed: false };
    receiver.huge.push(record);
    const chunk = Buffer.alloc(16 * 1024, 'x');
    response.writeHead(200, { 'content-length': bytes, 'content-type': 'text/plain' });
    response.on('close', () => (record.closed = true));
    response.on('finish', () => (record.finished = true));
    const pump = () => {
      while (record.written < bytes && !response.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - record.written));
        record.written += part.length;
        if (!response.write(part)) {
          response.once('drain', pump);
          return;
        }
      }
      if (record.written >= bytes) response.end();
    };
    pump();
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '';
      receiver.requests.push({ path, headers: request.headers });
      const key = typeof secret === 'string' ? secret : secret(path);
      const problem = key === undefined ? null : signatureProblem(key, request.headers, body);
      if (problem) {
        receiver.refused.push({ reason: problem, body: body.toString('utf8') });
        response.writeHead(401, { 'content-type': 'text/plain' }).end(problem);
        return;
      }
      const text = body.toString('utf8');
      const message: ReceivedMessage = {
        id: String(request.headers['webhook-id']),
        timestamp: Number(request.headers['webhook-timestamp']),
        type: typeOf(text),
        body: text,
        headers: request.headers,
        path,
      };
      if (key === undefined) receiver.unverified.push({ ...message, raw: body });
      else receiver.received.push(message);
      const reply = replies.shift() ?? {};
      if (reply.stallHeaders) return;
      if (reply.redirect !== undefined) {
        response.writeHead(302, { location: reply.redirect }).end();
        return;
      }
      if (reply.hugeBytes !== undefined) {
        sendHuge(response, reply.hugeBytes);
        return;
      }
      const answer = typeof reply.body === 'function' ? reply.body(message) : (reply.body ?? '');
      const status = reply.status ?? (answer === '' ? 204 : 200);
      const send = () => {
        response.writeHead(status, reply.headers ?? {});
        if (reply.stallBody) response.write(answer);
        else response.end(answer);
      };
      if (options.delayMs) setTimeout(send, options.delayMs);
      else send();
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...receiver,
    next: (...more) => void replies.push(...more),
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
