import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import Negotiator from 'negotiator';

export type Coding = 'br' | 'gzip';

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

export function isTextual(type: string): boolean {
  return TEXTUAL.test(type);
}

/**
 * The ETag of an encoded representation: the identity tag with the coding added inside its quotes
 * (`W/"abc"` → `W/"abc-br"`). Encoded bytes are another representation (RFC 9110 §8.8.3), so they get
 * a tag of their own; derived from the identity tag, it is the same on every process.
 */
export function encodedTag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/**
 * Each body's encodings, made once and kept for as long as the body itself is kept (the response and
 * render caches hold their bodies as Buffers, and hits hand out the same Buffer): hits never encode.
 */
const encodings = new WeakMap<Buffer, Partial<Record<Coding, Promise<Buffer>>>>();

function encodeOnce(body: Buffer, coding: Coding): Promise<Buffer> {
  let made = encodings.get(body);
  if (!made) {
    made = {};
    encodings.set(body, made);
  }
  const encoded = (made[coding] ??= coding === 'br' ? brotli(body, BROTLI) : gzip(body, GZIP));
  // A failed encoding is not kept: the next request tries again.
  encoded.catch(() => {
    if (made[coding] === encoded) delete made[coding];
  });
  return encoded;
}

const CODINGS = ['br', 'gzip', 'identity'];

/**
 * The coding the client prefers among brotli, gzip and none (`Accept-Encoding`, RFC 9110 §12.5.3);
 * between codings it weighs the same, brotli (the smaller) before gzip. negotiator, the parser under
 * Koa's `acceptsEncodings`, breaks such ties by the order the client wrote them in unless told
 * otherwise, hence its direct use.
 */
function chooseCoding(ctx: Context): Coding | null {
  const [chosen] = new Negotiator(ctx.req).encodings(CODINGS, { preferred: CODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
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
export async function encodeResponse(ctx: Context): Promise<void> {
  if (ctx.status === 204 || ctx.status === 304 || ctx.response.get('Content-Encoding')) return;
  const bytes = bodyBytes(ctx.body);
  if (!bytes || !isTextual(ctx.response.type)) return;
  ctx.vary('Accept-Encoding');
  const coding = chooseCoding(ctx);
  if (!coding) return;
  const etag = ctx.response.get('ETag');
  if (etag) ctx.response.etag = encodedTag(etag, coding);
  // A revalidation that will be answered 304 needs no encoded body.
  if (etag && ctx.fresh) return;
  ctx.body = await encodeOnce(bytes, coding);
  ctx.set('Content-Encoding', coding);
}

/** `encodeResponse` for every response the handlers inside it answer. */
export function compression(): Middleware {
  return async (ctx, next) => {
    await next();
    await encodeResponse(ctx);
  };
}
