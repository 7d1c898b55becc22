import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Connections one client address may hold open at once, in this process; 0: no cap. */
  readonly perClient: number;
  /** How long a new connection may take to bring its first request's headers. */
  readonly headersTimeoutMs: number;
}

const firstRequestSeen = new WeakSet<Socket>();

/**
 * Bounds what idle connections can hold on `server`. A connection past `perClient` open from its
 * address (this process's count: a cluster's workers count apart) is closed as it opens, before
 * Node reads anything from it. A new connection that brings no request within `headersTimeoutMs` is
 * closed by its socket's time-out, at that moment, without a word. Node's own headers check, which
 * looks only every `checkingInterval`, counts such a connection too: when it comes first, the
 * connection is answered 408 (`clientError`, server/http/client-errors.ts) and closed.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (limits.perClient > 0 && address !== undefined) {
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.perClient) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left === 0) open.delete(address);
        else open.set(address, left);
      });
    }
    // Node's own listener destroys a socket that times out with no request or response to tell.
    socket.setTimeout(limits.headersTimeoutMs);
  });
  server.on('request', (req: IncomingMessage) => {
    const { socket } = req;
    if (firstRequestSeen.has(socket)) return;
    firstRequestSeen.add(socket);
    // From here Node's time-outs (headers, keep-alive) govern the connection.
    socket.setTimeout(server.timeout);
  });
}

/**
 * How often Node looks for requests past their headers time-out: at most a second, so a request
 * whose headers stall is closed soon after the time-out rather than up to 30 s later (Node's default).
 */
export function checkingInterval(headersTimeoutMs: number): number {
  return Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 4)));
}
