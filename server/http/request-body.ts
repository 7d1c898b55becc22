import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';
import { sendContinue } from './expect-continue.js';

/** How long a request body may take to arrive once its headers have. */
const BODY_TIMEOUT_MS = 10_000;

/**
 * Refuses a body that is not JSON in UTF-8 (`unsupported_media_type`): the media type compared
 * without regard to case (RFC 9110 §8.3.1), any charset other than UTF-8 refused rather than misread.
 */
export function requireJson(ctx: Context, origin: string, what: string): void {
  const type = ctx.request.type.trim().toLowerCase();
  const charset = ctx.request.charset.toLowerCase();
  if (type !== 'application/json' || (charset !== '' && charset !== 'utf-8'))
    throw new HttpProblem(
      makeProblem(origin, 'unsupported_media_type', `Send ${what} as application/json in UTF-8.`),
    );
}

/**
 * Reads a request body of at most `maxBytes`, refusing a larger one with `payload_too_large` as soon
 * as its `Content-Length` says so, or as soon as more bytes than that have arrived, and one that has
 * not all arrived within `timeoutMs` with `request_timeout`. Either way the rest is left unread and
 * the connection closes after the answer.
 */
export function readBoundedBody(
  req: IncomingMessage,
  maxBytes: number,
  origin: string,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<Buffer> {
  const refuse = (code: 'payload_too_large' | 'request_timeout', detail: string) =>
    new HttpProblem(makeProblem(origin, code, detail), { headers: { Connection: 'close' } });
  const tooLarge = () => refuse('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge());
  sendContinue(req);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const timer = setTimeout(() => {
      done();
      reject(refuse('request_timeout', `The request body did not arrive within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        done();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error('the client closed the connection before the body ended'));
    };
    function done() {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      req.pause();
    }
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
