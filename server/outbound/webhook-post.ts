/**
 * One POST to a webhook target, made so that a URL a user registered cannot be turned against the
 * server or its network (SSRF), and so that a slow or hostile receiver cannot hold it:
 *
 * - the host is resolved once (`options.lookup`, by default `dns.promises.lookup(host, {all: true})`)
 *   and refused, naming the address, when any address it gave is not public (`isPublicAddress`),
 *   unless the target's origin is an allowed one; the connection then goes to the first checked
 *   address and nowhere else: node's own lookup is replaced by one that returns it, so no second
 *   resolution can answer otherwise (DNS rebinding). TLS still names the host (SNI, and the
 *   certificate is checked against it), and so does the `Host` header;
 * - redirects are not followed: a 3xx is an answer like any other;
 * - each phase has its time-out (connecting, TLS included; waiting for the answer's headers;
 *   reading its body; the whole request, resolution included);
 * - at most `maxAnswerBytes` of the answer are read, then the connection is closed; the status and
 *   the bytes read are the answer;
 * - no connection is kept (`agent: false`): a webhook is one request to a host of its own.
 *
 * It makes one try; `deliverWebhook` decides about the next.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { endAfter } from './deadline.js';
import { describeError } from './describe-error.js';
import { firstNotPublic, pinnedLookup } from './public-host.js';
import type { WebhookTarget } from './webhook-target.js';
import { hostOf, isAllowedOrigin, isIpLiteral } from './webhook-target.js';

/** One address as `dns.promises.lookup(host, { all: true })` gives it. */
interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export type Lookup = (host: string, options: { all: true }) => Promise<readonly ResolvedAddress[]>;

export interface PostOptions {
  /** Origins exempt from the address check (and, in `parseWebhookTarget`, from https and port 443). */
  readonly allowedOrigins: readonly string[];
  /** Resolves the host (not called for an IP literal); `dns.promises.lookup` unless a test gives one. */
  readonly lookup?: Lookup;
  /** Milliseconds to connect (and finish TLS); default 5,000. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds from connecting to the answer's headers (the body is sent in between); default 10,000. */
  readonly headersTimeoutMs?: number;
  /** Milliseconds to read the answer's body; default 10,000. */
  readonly bodyTimeoutMs?: number;
  /** Milliseconds for the whole request, resolution included; default 15,000. */
  readonly totalTimeoutMs?: number;
  /** Bytes of the answer's body read at most; default 65,536. */
  readonly maxAnswerBytes?: number;
  /** Certificates to trust instead of the system's (a test's own authority). */
  readonly ca?: string | Buffer;
  /**
   * As `PushOptions.beforeWrite`: once connected, awaited before anything is written. When it rejects,
   * nothing is written and the answer is a `refused` failure, `not recorded: …`.
   */
  readonly beforeWrite?: () => unknown;
  /** Once the body has been handed to the kernel whole (before any answer). */
  readonly afterWrite?: () => void;
}

/** The target's answer: its status, `Retry-After`, and its body's first bytes as UTF-8. */
export interface WebhookAnswer {
  readonly ok: true;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: string;
  /** The body was longer than `maxAnswerBytes` and was cut there. */
  readonly truncated: boolean;
}

/**
 * Why there is no answer: `refused` (an address not public, or a `beforeWrite` that rejected: never
 * sent, trying again would not help), `unresolved` (the name did not resolve, or to no address),
 * `timeout` (a phase took too long) or `network` (the connection failed). `reason` is one line, for
 * the operator's log: it may quote the resolver and the addresses.
 */
export interface WebhookFailure {
  readonly ok: false;
  readonly cause: 'refused' | 'unresolved' | 'timeout' | 'network';
  readonly reason: string;
}

const POST_DEFAULTS = {
  connectTimeoutMs: 5000,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  totalTimeoutMs: 15_000,
  maxAnswerBytes: 64 * 1024,
} as const;

class PhaseTimeout extends Error {
  override readonly name = 'PhaseTimeout';
}

const systemLookup: Lookup = (host, options) => dns.promises.lookup(host, options);

/** The one address to connect to, or why none may be. */
async function resolve(
  target: WebhookTarget,
  options: PostOptions,
): Promise<ResolvedAddress | WebhookFailure> {
  const host = hostOf(target.url);
  const allowed = isAllowedOrigin(target.url, options.allowedOrigins);
  let addresses: readonly ResolvedAddress[];
  if (isIpLiteral(target.url)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host, { all: true });
    } catch (error) {
      return { ok: false, cause: 'unresolved', reason: `${host} did not resolve: ${describeError(error)}` };
    }
  }
  if (addresses.length === 0) return { ok: false, cause: 'unresolved', reason: `${host} has no address` };
  const closed = allowed ? undefined : firstNotPublic(addresses);
  if (closed) {
    return {
      ok: false,
      cause: 'refused',
      reason: `${host} resolves to ${closed.address}, not a public address`,
    };
  }
  return addresses[0]!;
}

/**
 * POSTs `body` to the target with `headers` (a `Content-Length` is added). Never throws: the answer
 * (whatever its status) or why there is none.
 */
export async function postWebhook(
  target: WebhookTarget,
  body: string | Buffer,
  headers: Readonly<Record<string, string>>,
  options: PostOptions,
): Promise<WebhookAnswer | WebhookFailure> {
  const limits = { ...POST_DEFAULTS, ...definedOnly(options) };
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<WebhookFailure>((done) => {
    timer = setTimeout(
      () => done({ ok: false, cause: 'timeout', reason: 'timed out resolving the host' }),
      limits.totalTimeoutMs,
    );
  });
  const resolved = await Promise.race([resolve(target, options), expired]).finally(() => clearTimeout(timer));
  if ('ok' in resolved) return resolved;
  return exchange(target, Buffer.from(body), headers, resolved, options, {
    ...limits,
    totalTimeoutMs: limits.totalTimeoutMs - (Date.now() - started),
  });
}

function definedOnly(options: PostOptions): Partial<typeof POST_DEFAULTS> {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => key in POST_DEFAULTS && value !== undefined),
  );
}

/** The request itself, to the checked address, each phase under its timer. */
function exchange(
  target: WebhookTarget,
  body: Buffer,
  headers: Readonly<Record<string, string>>,
  address: ResolvedAddress,
  options: PostOptions,
  limits: { -readonly [K in keyof typeof POST_DEFAULTS]: number },
): Promise<WebhookAnswer | WebhookFailure> {
  const { url } = target;
  const secure = url.protocol === 'https:';
  return new Promise((settle) => {
    const timers = new Set<() => void>();
    let done = false;
    const finish = (result: WebhookAnswer | WebhookFailure) => {
      if (done) return;
      done = true;
      for (const cancel of timers) cancel();
      settle(result);
    };
    const phase = (ms: number, what: string) => {
      const cancel = endAfter(outgoing, ms, () => outgoing.destroy(new PhaseTimeout(`timed out ${what}`)));
      timers.add(cancel);
      return () => {
        cancel();
        timers.delete(cancel);
      };
    };
    const outgoing = (secure ? https : http).request({
      protocol: url.protocol,
      host: hostOf(url),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, Host: url.host, 'Content-Length': body.length },
      lookup: pinnedLookup(address),
      agent: false,
      ...(secure && !isIpLiteral(url) ? { servername: url.hostname } : {}),
      ...(options.ca ? { ca: options.ca } : {}),
    });
    phase(limits.totalTimeoutMs, 'waiting for the whole request');
    const connected = phase(limits.connectTimeoutMs, 'connecting');
    const fail = (error: Error) =>
      finish(
        error instanceof PhaseTimeout
          ? { ok: false, cause: 'timeout', reason: error.message }
          : { ok: false, cause: 'network', reason: `${url.host} unreachable: ${describeError(error)}` },
      );
    outgoing.on('error', fail);
    outgoing.on('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        connected();
        const answered = phase(limits.headersTimeoutMs, "waiting for the answer's headers");
        outgoing.once('response', answered);
        // The sender's `sending` record is durable before a byte is written (`beforeWrite`).
        Promise.resolve()
          .then(() => options.beforeWrite?.())
          .then(
            () => {
              // A phase timed out while the record was awaited: that failure is the answer.
              if (done || outgoing.destroyed) return;
              outgoing.end(body, () => options.afterWrite?.());
            },
            (error: unknown) => {
              finish({ ok: false, cause: 'refused', reason: `not recorded: ${describeError(error)}` });
              outgoing.destroy();
            },
          );
      });
    });
    outgoing.on('response', (response) => {
      phase(limits.bodyTimeoutMs, "reading the answer's body");
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (truncated: boolean): WebhookAnswer => ({
        ok: true,
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'] ?? null,
        body: Buffer.concat(chunks).toString('utf8'),
        truncated,
      });
      response.on('data', (chunk: Buffer) => {
        const room = limits.maxAnswerBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length > room) {
          finish(answer(true));
          outgoing.destroy();
        }
      });
      response.on('end', () => finish(answer(false)));
      response.on('error', fail);
    });
  });
}
