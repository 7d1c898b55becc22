/**
 * The watcher's HTTP client, polite to the sites it reads: a conditional GET (`If-None-Match`,
 * `If-Modified-Since`) with the validators of the last answer; at most one request in flight per
 * host; a `User-Agent` naming the service and its address; a time-out for the whole request; at most
 * `maxBytes` of a body read; a redirect followed only on the same host and never from https to http;
 * a credential (`Authorization`) sent only over https; and, for a 429 or a 5xx, the
 * `Retry-After` the site asked for, which the watcher's back-off honours (./backoff.ts).
 */
import { retryAfterMs } from '../outbound/retry.js';

/** The validators of the last answer a source read. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export type Fetched =
  | { readonly kind: 'body'; readonly body: string; readonly validators: Validators }
  | { readonly kind: 'unchanged' }
  | {
      readonly kind: 'failed';
      /** One line: what went wrong, for the log (the status, the time-out, the cap, the redirect). */
      readonly reason: string;
      /** What the site asked for (`Retry-After`), in ms. */
      readonly retryAfterMs?: number;
      /** The status of an answer that was an error. */
      readonly status?: number;
      /** The start of that answer's body, one line without control characters, for the log. */
      readonly detail?: string;
    };

export interface PoliteClientOptions {
  /** `reset-tracker-leads/1 (+https://…)`: who asks, and where to read about it. */
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** The clock `Retry-After` dates are read against. */
  readonly clock: () => number;
  /** `fetch` itself unless a test gives another. */
  readonly fetch?: typeof fetch;
}

const MAX_REDIRECTS = 3;

/** Why a request of a stopped client failed. */
const STOPPED = 'stopped: the watcher is stopping';

/** This machine: a stand-in there is reached without the network (tests, a local X stand-in). */
const isLoopback = (url: URL): boolean => /^(?:localhost|127(?:\.\d+){3}|\[::1\])$/.test(url.hostname);

export class PoliteClient {
  readonly #options: PoliteClientOptions;
  readonly #fetch: typeof fetch;
  /** Per host, the request in flight (or the last one): the next waits for it. */
  readonly #lanes = new Map<string, Promise<unknown>>();
  readonly #stopping = new AbortController();

  constructor(options: PoliteClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
  }

  /**
   * Ends every request in flight and refuses the next ones (`failed`, `STOPPED`): the watcher is
   * stopping, and a request left to its time-out would outlast PM2's patience.
   */
  stop(): void {
    this.#stopping.abort();
  }

  /** GETs `url` (with `headers`), one request per host at a time; never throws. */
  get(
    url: string,
    validators: Validators = {},
    headers: Readonly<Record<string, string>> = {},
  ): Promise<Fetched> {
    const host = new URL(url).host;
    const before = this.#lanes.get(host) ?? Promise.resolve();
    const mine = before.then(() => this.#get(url, validators, headers));
    const lane = mine.catch(() => undefined);
    this.#lanes.set(host, lane);
    void lane.then(() => {
      if (this.#lanes.get(host) === lane) this.#lanes.delete(host);
    });
    return mine;
  }

  async #get(
    url: string,
    validators: Validators,
    headers: Readonly<Record<string, string>>,
  ): Promise<Fetched> {
    const { timeoutMs, maxBytes, userAgent, clock } = this.#options;
    if (this.#stopping.signal.aborted) return { kind: 'failed', reason: STOPPED };
    // One signal for the time-out and the stop: held here, so neither is collected before it fires.
    const ending = new AbortController();
    const timer = setTimeout(() => ending.abort(), timeoutMs);
    const stop = () => ending.abort();
    this.#stopping.signal.addEventListener('abort', stop);
    const signal = ending.signal;
    const credentials = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
    const conditional: Record<string, string> = {};
    if (validators.etag) conditional['if-none-match'] = validators.etag;
    if (validators.lastModified) conditional['if-modified-since'] = validators.lastModified;
    let target = new URL(url);
    try {
      for (let hop = 0; ; hop += 1) {
        if (credentials && target.protocol !== 'https:' && !isLoopback(target))
          return { kind: 'failed', reason: 'a credential is never sent over plain http, not asked' };
        const response = await this.#fetch(target, {
          headers: { 'user-agent': userAgent, accept: '*/*', ...conditional, ...headers },
          redirect: 'manual',
          signal,
        });
        if (response.status >= 300 && response.status < 400 && response.status !== 304) {
          await response.body?.cancel();
          const location = response.headers.get('location');
          const next = location === null ? null : URL.parse(location, target.href);
          if (next === null) return { kind: 'failed', reason: `${response.status} without a Location` };
          // A downgrade to http is never followed, nor any change of scheme with a credential.
          if (
            next.protocol !== target.protocol &&
            (credentials || (target.protocol === 'https:' && next.protocol !== 'https:'))
          )
            return {
              kind: 'failed',
              reason: `${response.status} from ${target.protocol} to ${next.protocol}, not followed`,
            };
          if (next.host !== target.host)
            return {
              kind: 'failed',
              reason: `${response.status} to another host (${next.host}), not followed`,
            };
          if (hop === MAX_REDIRECTS)
            return { kind: 'failed', reason: `more than ${MAX_REDIRECTS} redirects` };
          target = next;
          continue;
        }
        if (response.status === 304) {
          await response.body?.cancel();
          return { kind: 'unchanged' };
        }
        if (!response.ok) {
          const after = retryAfterMs(response.headers.get('retry-after'), clock()) ?? undefined;
          const detail = await detailOf(response);
          return {
            kind: 'failed',
            reason: `answered ${response.status}`,
            status: response.status,
            ...(detail !== '' && { detail }),
            ...(after !== undefined && { retryAfterMs: after }),
          };
        }
        const body = await readCapped(response, maxBytes);
        if (body === null)
          return { kind: 'failed', reason: `a body over ${maxBytes} bytes, not read past it` };
        const etag = response.headers.get('etag');
        const lastModified = response.headers.get('last-modified');
        return {
          kind: 'body',
          body,
          validators: { ...(etag && { etag }), ...(lastModified && { lastModified }) },
        };
      }
    } catch (error) {
      if (this.#stopping.signal.aborted) return { kind: 'failed', reason: STOPPED };
      if (signal.aborted) return { kind: 'failed', reason: `no answer within ${timeoutMs} ms` };
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      return {
        kind: 'failed',
        reason: `unreachable (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      };
    } finally {
      clearTimeout(timer);
      this.#stopping.signal.removeEventListener('abort', stop);
    }
  }
}

/** At most this much of an error answer is read: enough for its message (X says why it refused). */
const DETAIL_BYTES = 1_024;

/** The start of an error answer's body as one printable line, or `''`. */
async function detailOf(response: Response): Promise<string> {
  const body = await readCapped(response, DETAIL_BYTES, true).catch(() => null);
  // What a site says is data: control characters out (\p{Cc}), one line.
  return (body ?? '')
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, 300);
}

/** The body as text, or null once it passes `maxBytes` (the rest is not read). */
async function readCapped(response: Response, maxBytes: number, truncate = false): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes && !truncate) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      if (truncate)
        return Buffer.concat([...chunks, value])
          .subarray(0, maxBytes)
          .toString('utf8');
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
