import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const waiting = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * Answers `Expect: 100-continue` only when the body is about to be read (RFC 9110 §10.1.1): Node's
 * default sends `100 Continue` before the app has looked at the request, so a client told to go on
 * would send a body the app then refuses from the headers alone (403, 413, 415, 429 …). With this,
 * such a refusal is the first and only answer, and the client sends no body.
 */
export function continueOnRead(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    waiting.set(req, res);
    handle(req, res);
  });
}

/** Tells a client waiting on `Expect: 100-continue` to send its body, once; nothing for others. */
export function sendContinue(req: IncomingMessage): void {
  const res = waiting.get(req);
  if (!res) return;
  waiting.delete(req);
  if (!res.headersSent && !res.writableEnded) res.writeContinue();
}
