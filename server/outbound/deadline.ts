import type { ClientRequest } from 'node:http';

/**
 * Calls `end` once `ms` have passed since the request began, however steadily the other side sends
 * bytes: a socket's time-out counts idle time only, so a byte now and then would keep it open for
 * ever. The timer is dropped when the request closes, or when the returned function is called.
 */
export function endAfter(request: ClientRequest, ms: number, end: () => void): () => void {
  const timer = setTimeout(end, Math.max(0, ms));
  const cancel = () => clearTimeout(timer);
  request.once('close', cancel);
  return cancel;
}
