/**
 * A stand-in for the tracker as the `reset-tracker` command reads it (a hostile or broken service):
 * `/api/v1/status` and `/data/events.json` answer the bodies given, `/api/v1/status/stream` is
 * written by the test, one call of `stream` per connection (numbered from 0), on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TrackerStandIn {
  readonly url: string;
  /** How many stream connections have been opened so far. */
  readonly connections: () => number;
  stop(): Promise<void>;
}

export interface StandInBodies {
  readonly status?: unknown;
  readonly events?: unknown;
  readonly stream?: (response: http.ServerResponse, connection: number) => void;
}

/** One server-sent event: its id and the status body it carries. */
export const statusEvent = (id: string, body: unknown) =>
  `id: ${id}\nevent: status\ndata: ${JSON.stringify(body)}\n\n`;

export async function startTrackerStandIn(bodies: StandInBodies): Promise<TrackerStandIn> {
  let connections = 0;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const json =
      path === '/api/v1/status' ? bodies.status : path === '/data/events.json' ? bodies.events : undefined;
    if (json !== undefined) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    } else if (path === '/api/v1/status/stream' && bodies.stream) {
      open.add(response);
      response.on('close', () => open.delete(response));
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      bodies.stream(response, connections++);
    } else {
      response.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    stop: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The status body the tracker sends, its latest reset as given. */
export function statusBody(revision: string, latest: { id: string; title: string; url: string } | null) {
  return {
    meta: { content_revision: revision.padEnd(22, 'x') },
    data: {
      latest_reset: latest && { ...latest, announced_at: new Date(Date.now() - 40 * 60_000).toISOString() },
      stats: { total: 3, days_since_last: 0, avg_interval_days: 12.5 },
    },
  };
}
