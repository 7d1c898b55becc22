import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { getFresh } from './helpers/http.js';
import { APP } from './helpers/pm2.js';
import { usingCluster } from '../helpers/with-server.js';
import { copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';

interface Health {
  pid: number;
  content_revision: string | null;
  last_reload: { ok: boolean; fell_back_to_stored: boolean } | null;
}

test('pm2 reload onto an invalid folder keeps serving the last good set from fresh workers', async (t) => {
  t.timeout(120_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-cache-'));
  try {
    await usingCluster(
      {
        instances: 2,
        env: { CONTENT_DIR: contentDir, CONTENT_CACHE_DIR: cacheDir },
      },
      async (cluster) => {
        const before = JSON.parse((await getFresh(`${cluster.url}/api/v1/status`)).body) as {
          meta: { content_revision: string };
        };
        const oldPids = new Set((await cluster.workers()).map((worker) => worker.pid));

        await editJson(contentDir, 'events/2025-03-03-weekly-reset.json', (event) => {
          event.kind = 'not_a_kind';
        });
        await cluster.pm2('reload', APP);

        const workers = await cluster.workers();
        t.true(
          workers.every((worker) => !oldPids.has(worker.pid)),
          'every worker is a new process',
        );
        for (let i = 0; i < 8; i += 1) {
          const status = await getFresh(`${cluster.url}/api/v1/status`);
          t.is(status.status, 200);
          const body = JSON.parse(status.body) as { meta: { content_revision: string } };
          t.is(body.meta.content_revision, before.meta.content_revision);
          const health = JSON.parse((await getFresh(`${cluster.url}/healthz`)).body) as Health;
          t.is(health.content_revision, before.meta.content_revision);
          t.like(health.last_reload, { ok: false, fell_back_to_stored: true });
        }
        const refused = (await cluster.log()).filter((line) => line.msg?.startsWith('content refused'));
        t.true(refused.length >= 2, 'each new worker logs the refused set');
      },
    );
  } finally {
    await content.dispose();
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test('without a stored set, a start on an invalid folder answers 503', async (t) => {
  t.timeout(120_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-cache-'));
  await editJson(contentDir, 'events/2025-03-03-weekly-reset.json', (event) => {
    event.kind = 'not_a_kind';
  });
  try {
    await usingCluster(
      {
        instances: 1,
        env: { CONTENT_DIR: contentDir, CONTENT_CACHE_DIR: cacheDir },
        expectContent: false,
      },
      async (cluster) => {
        t.is((await getFresh(`${cluster.url}/api/v1/status`)).status, 503);
      },
    );
  } finally {
    await content.dispose();
    await rm(cacheDir, { recursive: true, force: true });
  }
});
