/**
 * A stand-in for the sites the lead watcher reads (server/leads/), on 127.0.0.1: each path answers
 * as told (a body with its validators, a status, a stall, a redirect, a body far over any cap), and
 * every request is recorded with its headers, so a test sees what the watcher asked and how. An
 * `ETag` given to a path is honoured: a request whose `If-None-Match` names it is answered 304.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface StandInReply {
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly etag?: string;
  /** Send nothing at all: the request waits until the client gives up. */
  readonly stall?: boolean;
  /** Answer 302 to this location. */
  readonly redirect?: string;
  /** A body of this many bytes, written as fast as it is read. */
  readonly hugeBytes?: number;
}

interface StandInRequest {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** When it came, and when its answer ended (or the client left). */
  readonly at: number;
  ended: number | null;
}

export interface SourceStandIn {
  readonly origin: string;
  readonly requests: StandInRequest[];
  /** What `path` (with its query) answers from now on. */
  set(path: string, reply: StandInReply): void;
  stop(): Promise<void>;
}

export async function startSourceStandIn(): Promise<SourceStandIn> {
  const replies = new Map<string, StandInReply>();
  const requests: StandInRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const record: StandInRequest = { path, headers: request.headers, at: Date.now(), ended: null };
    requests.push(record);
    response.on('close', () => (record.ended = Date.now()));
    const reply = replies.get(path) ?? replies.get(path.split('?')[0]!) ?? { status: 404, body: 'not found' };
    if (reply.stall) return;
    if (reply.redirect) {
      response.writeHead(302, { location: reply.redirect }).end();
      return;
    }
    if (reply.hugeBytes) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < reply.hugeBytes! && response.write(chunk)) sent += chunk.length;
        if (sent >= reply.hugeBytes!) response.end();
      };
      response.on('drain', () => {
        sent += chunk.length;
        pump();
      });
      pump();
      return;
    }
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.etag) {
      headers['etag'] = reply.etag;
      if (request.headers['if-none-match'] === reply.etag) {
        response.writeHead(304, headers).end();
        return;
      }
    }
    response.writeHead(reply.status ?? 200, headers).end(reply.body ?? '');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    set: (path, reply) => void replies.set(path, reply),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
