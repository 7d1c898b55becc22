import test from 'ava';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { getFresh, waitFor } from './helpers/http.js';
import { APP } from './helpers/pm2.js';
import { usingCluster } from '../helpers/with-server.js';
import { copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';

const BROKEN = 'events/2025-03-03-weekly-reset.json';

test('a cold start on invalid content stays up, answers 503 content_unavailable, and recovers on SIGHUP', async (t) => {
  t.timeout(90_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  await editJson(contentDir, BROKEN, (event) => {
    event.time_precision = 'sometimes';
  });
  try {
    await usingCluster(
      {
        instances: 2,
        env: { CONTENT_DIR: contentDir },
        expectContent: false,
      },
      async (cluster) => {
        const started = await cluster.workers();

        const status = await getFresh(`${cluster.url}/api/v1/status`);
        t.is(status.status, 503);
        t.is(status.headers['content-type'], 'application/problem+json');
        t.is((JSON.parse(status.body) as { code: string }).code, 'content_unavailable');
        t.regex(String(status.headers['retry-after']), /^\d+$/);
        t.is((await getFresh(`${cluster.url}/api/v1/resets`)).status, 503);
        t.is(
          (await getFresh(`${cluster.url}/api/v1/sources`)).status,
          200,
          'the directory is valid and still served',
        );
        t.is((await getFresh(`${cluster.url}/api/openapi.json`)).status, 200);
        const health = await getFresh(`${cluster.url}/healthz`);
        t.is(health.status, 503);
        t.like(JSON.parse(health.body), {
          status: 'content_unavailable',
          content_loaded: false,
          last_reload: { ok: false },
        });

        await editJson(contentDir, BROKEN, (event) => {
          event.time_precision = 'exact';
        });
        await cluster.pm2('sendSignal', 'SIGHUP', APP);
        const pids = new Set<number>();
        await waitFor('every worker to serve the repaired content', async () => {
          const reply = await getFresh(`${cluster.url}/healthz`);
          if (reply.status === 200) pids.add((JSON.parse(reply.body) as { pid: number }).pid);
          return pids.size === 2 ? true : undefined;
        });
        // Checked once they serve the repaired set, after the whole time on the invalid one: a worker
        // that had crashed meanwhile would have a new pid or a restart.
        const later = await cluster.workers();
        t.deepEqual(
          later.map(({ pid, status: state, restarts }) => ({ pid, state, restarts })),
          started.map(({ pid }) => ({ pid, state: 'online', restarts: 0 })),
          'the workers stayed up: no crash, no restart',
        );
        t.deepEqual([...pids].sort(), started.map(({ pid }) => pid).sort(), 'the same workers serve it');
        t.is((await getFresh(`${cluster.url}/api/v1/status`)).status, 200);
      },
    );
  } finally {
    await content.dispose();
  }
});
