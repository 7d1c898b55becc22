import type { IncomingMessage } from 'node:http';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Reads a request body of at most `maxBytes`, refusing a larger one with `payload_too_large` as soon
 * as its `Content-Length` says so, or as soon as more bytes than that have arrived.
 */
export async function readBoundedBody(
  req: IncomingMessage,
  maxBytes: number,
  problemTypeBase: string,
): Promise<Buffer> {
  const tooLarge = () =>
    new HttpProblem(
      makeProblem(problemTypeBase, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`),
      // The rest of the body is left unread: the connection closes after the answer.
      { headers: { Connection: 'close' } },
    );
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}
