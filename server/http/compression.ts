import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import Negotiator from 'negotiator';

type Coding = 'br' | 'gzip';

/** Brotli at quality 5: within a few per cent of quality 9 on this service's bodies, several times faster. */
const BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP: zlib.ZlibOptions = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text media types: JSON and its `+json` kinds, XML and `+xml` (feeds, SVG), CSV, calendars, CSS, JS, HTML. */
const TEXTUAL =
  /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml)\b|application\/javascript\b|image\/svg\+xml\b)/;

function isTextual(type: string): boolean {
  return TEXTUAL.test(type);
}

/**
 * The ETag of an encoded representation: the identity tag with the coding added inside its quotes
 * (`W/"abc"` → `W/"abc-br"`). Encoded bytes are another representation (RFC 9110 §8.8.3), so they get
 * a tag of their own; derived from the identity tag, it is the same on every process.
 */
function encodedTag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/**
 * Each body's encodings, made once and kept for as long as the body itself is kept (the response and
 * render caches hold their bodies as Buffers, and hits hand out the same Buffer): hits never encode.
 */
const encodings = new WeakMap<Buffer, Partial<Record<Coding, Buffer | Promise<Buffer>>>>();

/** The encoded body: the bytes themselves once made (a hit needs no await), or the encoding under way. */
function encodeOnce(body: Buffer, coding: Coding): Buffer | Promise<Buffer> {
  let made = encodings.get(body);
  if (!made) {
    made = {};
    encodings.set(body, made);
  }
  const known = made[coding];
  if (known) return known;
  const encoding = (coding === 'br' ? brotli(body, BROTLI) : gzip(body, GZIP)).then(
    (encoded) => {
      made[coding] = encoded;
      return encoded;
    },
    (error: unknown) => {
      // A failed encoding is not kept: the next request tries again.
      delete made[coding];
      throw error;
    },
  );
  made[coding] = encoding;
  return encoding;
}

const CODINGS = ['br', 'gzip', 'identity'];
/** The coding chosen for each `Accept-Encoding` value seen, so a hit does not parse the header again. */
const choices = new Map<string, Coding | null>();
const MAX_CHOICES = 256;

/**
 * The coding the client prefers among brotli, gzip and none (`Accept-Encoding`, RFC 9110 §12.5.3);
 * between codings it weighs the same, brotli (the smaller) before gzip. negotiator, the parser under
 * Koa's `acceptsEncodings`, breaks such ties by the order the client wrote them in unless told
 * otherwise, hence its direct use.
 */
function chooseCoding(ctx: Context): Coding | null {
  const accept = ctx.get('Accept-Encoding');
  let chosen = choices.get(accept);
  if (chosen === undefined) {
    const [best] = new Negotiator(ctx.req).encodings(CODINGS, { preferred: CODINGS });
    chosen = best === 'br' || best === 'gzip' ? best : null;
    // Clients send a handful of distinct headers; a flood of made-up ones only empties the memo.
    if (choices.size >= MAX_CHOICES) choices.clear();
    choices.set(accept, chosen);
  }
  return chosen;
}

function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  return null;
}

/**
 * Sends a text response in the coding the client prefers: brotli or gzip, identity otherwise, with
 * `Vary: Accept-Encoding`. A Buffer body is encoded once (see `encodings`); a string body (a problem,
 * made per request) is encoded for its response. Sets the encoded representation's ETag, so the
 * conditional GET around this middleware compares the tag the client was given.
 */
export function encodeResponse(ctx: Context): Promise<void> | undefined {
  if (ctx.status === 204 || ctx.status === 304 || ctx.response.get('Content-Encoding')) return undefined;
  const bytes = bodyBytes(ctx.body);
  const type = ctx.response.get('Content-Type');
  // An event stream is sent as written: each event must reach the client when it is written.
  if (!bytes || !isTextual(type) || type.startsWith('text/event-stream')) return undefined;
  ctx.vary('Accept-Encoding');
  const coding = chooseCoding(ctx);
  if (!coding) return undefined;
  const etag = ctx.response.get('ETag');
  if (etag) ctx.response.etag = encodedTag(etag, coding);
  // A revalidation that will be answered 304 needs no encoded body.
  if (etag && ctx.get('If-None-Match') && ctx.fresh) return undefined;
  const encoded = encodeOnce(bytes, coding);
  const send = (bytesSent: Buffer) => {
    ctx.body = bytesSent;
    ctx.set('Content-Encoding', coding);
  };
  // Once made, an encoding is sent without waiting on a promise: hits stay synchronous.
  if (Buffer.isBuffer(encoded)) return void send(encoded);
  return encoded.then(send);
}

/** `encodeResponse` for every response the handlers inside it answer. */
export function compression(): Middleware {
  return async (ctx, next) => {
    await next();
    const encoding = encodeResponse(ctx);
    if (encoding) await encoding;
  };
}
