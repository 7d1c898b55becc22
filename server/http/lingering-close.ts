import { Stream } from 'node:stream';
import type { Context } from 'koa';

/**
 * The most of an unread body read after an early answer: the largest body the service reads
 * (server/api/mcp-endpoint.ts `MCP_BODY_MAX_BYTES`). A client sending more is cut off.
 */
export const LINGER_BYTES = 64 * 1024;

/** How long a connection answered before its body is kept reading after the answer, at most. */
export const LINGER_MS = 1000;

/** Statuses whose answer has no body (Koa's `statuses.empty`). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * The bytes of the answer's body as Koa would send them; empty for an answer without one; undefined
 * for a body only Koa's own response knows how to send (a stream, a status text).
 */
function bodyBytes(ctx: Context): Buffer | undefined {
  if (NO_BODY.has(ctx.status) || ctx.method === 'HEAD') return Buffer.alloc(0);
  const { body } = ctx;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body === null || body === undefined || body instanceof Stream || typeof body !== 'object')
    return undefined;
  return Buffer.from(JSON.stringify(body));
}

/**
 * Sends the answer of a request whose body has not all arrived and closes its connection as servers
 * do (a lingering close): the answer, then the end of what the server sends, then reading and
 * discarding what the client still sends until it ends its body or the connection, for at most
 * `LINGER_BYTES` or `LINGER_MS`, then the socket is freed. Node's own close frees the socket as soon
 * as the answer is written, and the kernel answers the bytes still arriving with a reset, which can
 * reach the client before it has read the answer, or fail its write of the body (EPIPE).
 *
 * Returns false, leaving the answer to Koa, when it is not this response's turn on the connection or
 * its body is one Koa streams: such a connection closes at once.
 */
export function answerThenLinger(ctx: Context): boolean {
  const { req, res } = ctx;
  const socket = res.socket;
  if (!socket || !ctx.writable) return false;
  const bytes = bodyBytes(ctx);
  if (!bytes) return false;
  ctx.respond = false;
  if (NO_BODY.has(ctx.status)) ctx.body = null;
  else if (ctx.method === 'HEAD') {
    const { length } = ctx.response;
    if (!res.hasHeader('Content-Length') && Number.isInteger(length)) ctx.length = length;
  } else ctx.length = bytes.length;
  if (bytes.length > 0) res.write(bytes);
  else res.flushHeaders();
  // The answer is whole (its length is known), so ending the response later writes nothing more:
  // the client sees the end of the answer now, and may stop sending.
  socket.end();
  let read = 0;
  let done = false;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) close();
  };
  const timer = setTimeout(close, LINGER_MS);
  function close() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData).off('end', close).off('close', close).off('error', close);
    // Node frees the socket once the response ends (it carries `Connection: close`).
    res.end();
  }
  req.on('data', onData).on('end', close).on('close', close).on('error', close);
  req.resume();
  return true;
}
