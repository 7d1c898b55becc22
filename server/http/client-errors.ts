import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ProblemCode } from './problem-types.js';
import { makeProblem } from './problem-types.js';

/** The problem for each error Node's parser reports before a request reaches the app. */
function problemCodeOf(error: NodeJS.ErrnoException): ProblemCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'request_too_large';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'malformed_request';
}

/**
 * The refused request's method, when its first bytes can be read (Node passes them as `rawPacket`):
 * a HEAD is answered without a body, or its client would read the body as the next response.
 */
function isHead(error: NodeJS.ErrnoException & { rawPacket?: unknown }): boolean {
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

function problemResponse(status: number, body: string, head: boolean): string {
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Access-Control-Allow-Origin: *',
    'Connection: close',
    '',
    head ? '' : body,
  ].join('\r\n');
}

/**
 * Requests Node refuses before Koa sees them (a malformed request line or header, a target or headers
 * over the size limit, a header timeout) and odd `Expect` headers are answered with a problem body too,
 * where the connection still allows writing, and then closed.
 */
export function answerClientErrors(server: http.Server, origin: string): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing can be written to a reset socket, nor after a response has begun on it.
    const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || busy?.headersSent) {
      socket.destroy();
      return;
    }
    const code = problemCodeOf(error);
    const problem = makeProblem(origin, code, `The request was refused before it was read: ${code}.`);
    socket.end(problemResponse(problem.status, JSON.stringify(problem), isHead(error)));
  });
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const problem = makeProblem(
      origin,
      'expectation_failed',
      `The expectation "${String(req.headers.expect).slice(0, 64)}" is not supported.`,
    );
    const body = JSON.stringify(problem);
    res.writeHead(417, {
      'Content-Type': 'application/problem+json',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
      Connection: 'close',
    });
    res.end(body);
  });
}
