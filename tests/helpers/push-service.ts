/**
 * A push service on 127.0.0.1 standing in for the browsers' (which tests cannot reach). It checks
 * each message as a real one must be: the VAPID JWT (RFC 8292: ES256 signed by the key in `k`, `aud`
 * its own origin, `exp` within 24 hours, `sub` a mailto: or https: URL, `k` the application server key
 * the subscription was made with), `TTL`, and an aes128gcm body (RFC 8188/8291) that it decrypts
 * with the subscriber's private key and auth secret, independently of the sender, with `http_ece`.
 * A message to an endpoint it never issued is answered 404, as a real push service answers one.
 * A message is taken (kept in `received`) when the service answers it 201; one whose sender has
 * closed the connection by then is not taken (`dropped`).
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExecutionContext } from 'ava';
import ece from 'http_ece';
import type { Store } from '../../server/store/index.js';

export interface Subscriber {
  readonly id: string;
  /** What a browser's `PushSubscription.toJSON()` would give. */
  readonly subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface Received {
  readonly subscriber: string;
  readonly payload: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly claims: { aud: string; exp: number; sub: string };
  /**
   * Whether it is the welcome a new subscription gets first (server/alerts/push/welcome.ts): read once,
   * as it arrives, so that counting thousands of messages often parses none of them again.
   */
  readonly welcome: boolean;
}

interface Refused {
  readonly subscriber: string;
  readonly reason: string;
}

/** How the service holds its answer to one message (`hold`). */
interface Hold {
  /** Milliseconds the answer is held. */
  readonly ms: number;
  /**
   * The 201 status line is sent at once, the message taken, and only the rest of the answer held:
   * a push service that has said yes and is slow to finish saying it.
   */
  readonly statusFirst?: boolean;
}

export interface PushService {
  readonly origin: string;
  readonly received: Received[];
  readonly refused: Refused[];
  /** The paths of messages to endpoints it never issued, which it answered 404 (as a real one does). */
  readonly unknown: string[];
  subscriber(): Subscriber;
  /**
   * The same endpoint with new keys, as a browser that subscribes again may give it: from now on
   * the service decrypts this subscriber's messages with the new keys only.
   */
  rekey(subscriber: Subscriber): Subscriber;
  /** The ids of subscribers whose message it did not take: the sender closed before the answer. */
  readonly dropped: string[];
  /** The next answers to this subscriber's messages (status, headers), before the default 201. */
  answer(subscriber: Subscriber, ...replies: [number, Record<string, string>?][]): void;
  /** Holds the answer to this subscriber's next message, after checking it. */
  hold(subscriber: Subscriber, hold: Hold): void;
  /** Connections opened to it so far. */
  connections(): number;
  stop(): Promise<void>;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** A P-256 public key from its uncompressed point (65 bytes, base64url), as `k` carries it. */
function publicKeyOf(point: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/**
 * `count` new subscribers of the service, written straight into the store for every filter (what
 * `count` POSTs to /alerts/subscriptions would leave); returns them.
 */
export async function storeSubscribers(
  push: PushService,
  store: Pick<Store, 'subscriptions'>,
  count: number,
): Promise<Subscriber[]> {
  const subscribers = Array.from({ length: count }, () => push.subscriber());
  await store.subscriptions.subscribeMany(
    subscribers.map(({ subscription }) => ({
      endpoint: subscription.endpoint,
      ...subscription.keys,
      audience: 'all',
      window: 'any',
      expiresAt: null,
    })),
  );
  return subscribers;
}

export interface PushServiceOptions {
  /** Milliseconds before each answer: a fan-out takes long enough to be interrupted. */
  readonly delayMs?: number;
}

export async function startPushService(
  applicationServerKey: string,
  options: PushServiceOptions = {},
): Promise<PushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const replies = new Map<string, [number, Record<string, string>?][]>();
  const received: Received[] = [];
  const refused: Refused[] = [];
  const unknown: string[] = [];
  const dropped: string[] = [];
  const holds = new Map<string, Hold>();
  let origin = '';

  function check(request: http.IncomingMessage, body: Buffer, id: string): Received {
    const key = keys.get(id)!;
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!match) throw new Error(`Authorization is not VAPID: ${request.headers.authorization}`);
    const [, token = '', k = ''] = match;
    if (k !== applicationServerKey) throw new Error('k is not the application server key');
    const [head = '', claims = '', signature = ''] = token.split('.');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
    if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKeyOf(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) throw new Error('the JWT signature does not verify with k');
    const claim = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Received['claims'];
    const now = Date.now() / 1000;
    if (claim.aud !== origin) throw new Error(`aud ${claim.aud} is not ${origin}`);
    if (!(claim.exp > now && claim.exp <= now + 24 * 3600)) throw new Error(`exp ${claim.exp} out of range`);
    if (!/^(mailto:|https:)/.test(claim.sub)) throw new Error(`sub ${claim.sub}`);
    if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) throw new Error('no TTL');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    if (body.length > 4096) throw new Error(`body of ${body.length} bytes`);
    const payload = ece
      .decrypt(body, { version: 'aes128gcm', privateKey: key.ecdh, authSecret: b64(key.auth) })
      .toString('utf8');
    return {
      subscriber: id,
      payload,
      headers: request.headers,
      claims: claim,
      welcome: kindOf(payload) === 'welcome',
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => setTimeout(answer, options.delayMs ?? 0));
    const answer = () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      if (!keys.has(id)) {
        unknown.push(request.url ?? '');
        response.writeHead(404).end();
        return;
      }
      const reply = replies.get(id)?.shift();
      const hold = holds.get(id);
      holds.delete(id);
      try {
        const message = check(request, Buffer.concat(chunks), id);
        if (reply && reply[0] !== 201) {
          response.writeHead(reply[0], reply[1] ?? {}).end();
          return;
        }
        if (hold) {
          holdAnswer(response, message, hold);
          return;
        }
        received.push(message);
        response.writeHead(201, { Location: `${origin}/message/${received.length}` }).end();
      } catch (error) {
        refused.push({ subscriber: id, reason: (error as Error).message });
        response.writeHead(400).end((error as Error).message);
      }
    };
  });
  /** Answers `message` 201 after `hold.ms`, taking it then, unless its sender has gone by then. */
  function holdAnswer(response: http.ServerResponse, message: Received, hold: Hold): void {
    let gone = false;
    response.once('close', () => (gone = !response.writableFinished));
    const body = 'taken';
    const head = { Location: `${origin}/message/${received.length + 1}`, 'Content-Length': body.length };
    if (hold.statusFirst) {
      received.push(message);
      response.writeHead(201, head).flushHeaders();
    }
    setTimeout(() => {
      if (hold.statusFirst) response.end(body);
      else if (gone) dropped.push(message.subscriber);
      else {
        received.push(message);
        response.writeHead(201, head).end(body);
      }
    }, hold.ms).unref();
  }

  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  /** Subscriber `id` with new keys, which the service keeps to decrypt its messages. */
  const keyed = (id: string): Subscriber => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    keys.set(id, { ecdh, auth });
    return {
      id,
      subscription: {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      },
    };
  };
  return {
    origin,
    received,
    refused,
    unknown,
    dropped,
    subscriber() {
      next += 1;
      return keyed(`s${next}`);
    },
    rekey: (subscriber) => keyed(subscriber.id),
    answer(subscriber, ...more) {
      replies.set(subscriber.id, [...(replies.get(subscriber.id) ?? []), ...more]);
    },
    hold(subscriber, hold) {
      holds.set(subscriber.id, hold);
    },
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A payload's `kind` (`welcome`), or undefined: an alert's has none, and a payload may be any text. */
function kindOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as { kind?: unknown } | null)?.kind;
  } catch {
    return undefined;
  }
}

/** The alerts (every message but the welcomes) the service took, to one subscriber or to all. */
export function alertsReceived(push: Pick<PushService, 'received'>, subscriber?: Subscriber): Received[] {
  return push.received.filter(
    (message) => !message.welcome && (subscriber === undefined || message.subscriber === subscriber.id),
  );
}

/** How many messages each subscriber got, by its id. */
export function copiesOf(push: Pick<PushService, 'received'>): Map<string, number> {
  const copies = new Map<string, number>();
  for (const message of push.received)
    copies.set(message.subscriber, (copies.get(message.subscriber) ?? 0) + 1);
  return copies;
}

/** Asserts that each of `count` subscribers got exactly one message. */
export function assertEachGotOne(
  t: ExecutionContext,
  push: Pick<PushService, 'received'>,
  count: number,
): void {
  const copies = copiesOf(push);
  t.is(copies.size, count, 'every subscription got it');
  t.deepEqual(
    [...copies.values()].filter((got) => got > 1),
    [],
    'none got it twice',
  );
}
