import test from 'ava';
import { EventSource } from 'eventsource';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import type { AppRouter } from '../../server/api/procedures.js';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { getFresh, waitFor } from './helpers/http.js';
import type { Cluster } from './helpers/pm2.js';
import { APP, waitForWorkers } from './helpers/pm2.js';
import { copyContent, ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { openStream } from '../helpers/sse.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { usingCluster } from '../helpers/with-server.js';

/**
 * Waits until PM2 runs two workers none of which is in `replaced`, then polls `/healthz` over fresh
 * connections until both have answered and their open streams add up to `expected`: every client
 * has reconnected to the new workers.
 */
async function openStreamsByWorker(
  cluster: Cluster,
  replaced: ReadonlySet<number>,
  expected: number,
): Promise<Map<number, number>> {
  const workers = await waitFor('two new workers online', async () => {
    const online = (await cluster.workers()).filter((worker) => worker.status === 'online');
    const fresh = online.filter((worker) => !replaced.has(worker.pid));
    return fresh.length === 2 && online.length === 2 ? new Set(fresh.map((worker) => worker.pid)) : undefined;
  });
  const byWorker = new Map<number, number>();
  return waitFor(
    `${expected} streams open again`,
    async () => {
      const health = JSON.parse((await getFresh(`${cluster.url}/healthz`)).body) as {
        pid: number;
        open_streams: number;
      };
      if (workers.has(health.pid)) byWorker.set(health.pid, health.open_streams);
      const total = [...byWorker.values()].reduce((sum, count) => sum + count, 0);
      return byWorker.size >= 2 && total === expected ? byWorker : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );
}

/** Every status event one client has received, by its id (the content revision). */
function collect(): { ids: string[]; add: (id: string) => void } {
  const ids: string[] = [];
  return { ids, add: (id) => ids.push(id) };
}

test('content:publish reaches every worker’s streams: EventSource and @trpc/client get the new status within 2 s, and resume after a reload', async (t) => {
  t.timeout(180_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  try {
    await usingCluster({ instances: 2, env: { CONTENT_DIR: contentDir } }, async (cluster) => {
      await waitForWorkers(cluster, 2);
      const url = `${cluster.url}/api/v1/status/stream`;
      // Connections are spread over the workers: several raw streams make sure both hold some.
      const raw = await Promise.all([1, 2, 3, 4].map(() => openStream(url)));
      const sources = [new EventSource(url), new EventSource(`${url}?audience=max`)];
      const viaSse = sources.map((source) => {
        const seen = collect();
        source.addEventListener('status', (event) => seen.add(event.lastEventId));
        return seen;
      });
      const trpc = createTRPCClient<AppRouter>({
        links: [httpSubscriptionLink({ url: `${cluster.url}/api/trpc`, EventSource })],
      });
      const viaTrpc = collect();
      const subscription = trpc.onResetStatus.subscribe(
        { window: 'weekly' },
        { onData: (event) => viaTrpc.add(event.id) },
      );
      const clients = [...viaSse, viaTrpc];
      const publish = async (summary: string) => {
        await editJson(contentDir, 'events/2025-03-10-five-hour-reset.json', (event) => {
          event.summary = summary;
        });
        const env = { ...process.env, PM2_HOME: cluster.home, PORT: new URL(cluster.url).port };
        const published = await runToEnd(process.execPath, [...commandLine('tools/content-publish.ts')], {
          cwd: ROOT,
          env: { ...env, CONTENT_DIR: contentDir },
        });
        t.is(published.code, 0, outputOf(published));
        const revision = /now serving revision (\S+)/.exec(published.stdout)?.[1];
        if (!revision) throw new Error(published.stdout);
        return { revision, at: Date.now() };
      };
      const everyClientHas = (revision: string, timeoutMs: number) =>
        waitFor(
          `every client to receive ${revision}`,
          () => Promise.resolve(clients.every((client) => client.ids.at(-1) === revision) ? true : undefined),
          { timeoutMs, intervalMs: 20 },
        );

      try {
        const initial = await waitFor(
          'the status at connect',
          () =>
            Promise.resolve(
              clients.every((client) => client.ids.length === 1) ? clients[0]!.ids[0] : undefined,
            ),
          { timeoutMs: 10_000, intervalMs: 20 },
        );
        await Promise.all(raw.map((stream) => stream.nthEvent(1)));

        const first = await publish('Republished while streams were open.');
        t.not(first.revision, initial);
        await everyClientHas(first.revision, 2000);
        const rawEvents = await Promise.all(raw.map((stream) => stream.nthEvent(2, 2000)));
        t.true(
          rawEvents.every((event) => event.id === first.revision),
          'every worker sent it',
        );
        t.log(`every client had the new status ${Date.now() - first.at} ms after content:publish returned`);

        // A reload replaces every worker: their streams end, and the clients reconnect to the new
        // ones with the id they hold, which is current, so they get no duplicate.
        const replaced = new Set((await cluster.workers()).map((worker) => worker.pid));
        await cluster.pm2('reload', APP);
        await Promise.all(raw.map((stream) => stream.ended));
        const reconnected = await openStreamsByWorker(cluster, replaced, clients.length);
        t.log(`after the reload, streams per worker: ${JSON.stringify(Object.fromEntries(reconnected))}`);
        for (const client of clients) t.deepEqual(client.ids, [initial, first.revision]);

        const second = await publish('Republished after a reload.');
        // The clients may still be reconnecting after the reload: they then get it on reconnect.
        await everyClientHas(second.revision, 5000);
        for (const client of clients) t.deepEqual(client.ids, [initial, first.revision, second.revision]);
      } finally {
        subscription.unsubscribe();
        for (const source of sources) source.close();
        for (const stream of raw) stream.close();
      }
    });
  } finally {
    await content.dispose();
  }
});
