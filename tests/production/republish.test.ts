import anyTest from 'ava';
import type { TestFn } from 'ava';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { getFresh, waitFor } from './helpers/http.js';
import type { Cluster } from './helpers/pm2.js';
import { APP, startCluster } from './helpers/pm2.js';
import type { CopiedContent } from '../helpers/fixtures.js';
import { copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';

interface Health {
  pid: number;
  content_revision: string | null;
  last_reload: { ok: boolean; problems: number } | null;
}
interface Page {
  meta: { content_revision: string };
  pagination: { next_cursor: string | null; revision_changed: boolean };
}

const test = anyTest as TestFn<{ cluster: Cluster; contentDir: string; content: CopiedContent }>;
const EDITED = 'events/2025-03-10-five-hour-reset.json';
const BROKEN = 'events/2025-04-02-status-page-reset.json';

test.before(async (t) => {
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  t.context = {
    content,
    contentDir,
    cluster: await startCluster({ instances: 2, env: { CONTENT_DIR: contentDir } }),
  };
});

test.after.always(async (t) => {
  await t.context.cluster?.stop();
  await t.context.content?.dispose();
});

/** /healthz of every worker, once each reports what `accept` looks for. */
async function everyWorker(cluster: Cluster, accept: (health: Health) => boolean): Promise<Health[]> {
  const pids = new Set((await cluster.workers()).map((worker) => worker.pid));
  const seen = new Map<number, Health>();
  return waitFor('every worker to report the reload on /healthz', async () => {
    const health = JSON.parse((await getFresh(`${cluster.url}/healthz`)).body) as Health;
    if (accept(health)) seen.set(health.pid, health);
    return [...pids].every((pid) => seen.has(pid)) ? [...seen.values()] : undefined;
  });
}

async function firstPage(cluster: Cluster) {
  const reply = await getFresh(`${cluster.url}/api/v1/resets?limit=1`);
  return { status: reply.status, etag: String(reply.headers.etag), body: JSON.parse(reply.body) as Page };
}

test.serial(
  'SIGHUP with a valid new set swaps every worker to it: new revision, new ETags, revision_changed cursors',
  async (t) => {
    t.timeout(90_000);
    const { cluster, contentDir } = t.context;
    const before = await firstPage(cluster);
    const cursor = before.body.pagination.next_cursor;
    t.truthy(cursor);

    await editJson(contentDir, EDITED, (event) => {
      event.summary = 'The provider reset five-hour limits for all users (wording corrected).';
    });
    await cluster.pm2('sendSignal', 'SIGHUP', APP);
    const health = await everyWorker(
      cluster,
      (h) => h.content_revision !== before.body.meta.content_revision,
    );

    const [revision, ...others] = new Set(health.map((h) => h.content_revision));
    t.deepEqual(others, [], 'every worker serves the same new revision');
    t.true(health.every((h) => h.last_reload?.ok === true));
    const after = await firstPage(cluster);
    t.is(after.body.meta.content_revision, revision!);
    t.not(after.etag, before.etag, 'the republish changed the ETag');
    const stale = await getFresh(`${cluster.url}/api/v1/resets?limit=1`, { 'If-None-Match': before.etag });
    t.is(stale.status, 200, 'the old ETag no longer matches');
    const next = JSON.parse(
      (await getFresh(`${cluster.url}/api/v1/resets?limit=1&cursor=${cursor}`)).body,
    ) as Page;
    t.true(next.pagination.revision_changed, 'a cursor issued before the republish reports revision_changed');
  },
);

test.serial(
  'SIGHUP with an invalid set is refused and logged with file, field and rule; the last good set keeps serving',
  async (t) => {
    t.timeout(90_000);
    const { cluster, contentDir } = t.context;
    const before = await firstPage(cluster);

    await editJson(contentDir, BROKEN, (event) => {
      event.kind = 'usage_rest';
    });
    await cluster.pm2('sendSignal', 'SIGHUP', APP);
    const health = await everyWorker(cluster, (h) => h.last_reload?.ok === false);

    t.true(
      health.every((h) => h.content_revision === before.body.meta.content_revision),
      'workers report the revision they still serve',
    );
    const after = await firstPage(cluster);
    t.is(after.status, 200);
    t.is(after.body.meta.content_revision, before.body.meta.content_revision);
    t.is(after.etag, before.etag);
    const status = await getFresh(`${cluster.url}/api/v1/status`);
    t.is(status.status, 200);

    const refusals = await waitFor('the refusal in the log', async () => {
      const lines = (await cluster.log()).filter((line) => line.msg?.startsWith('content refused'));
      return lines.length >= health.length ? lines : undefined;
    });
    for (const line of refusals) {
      t.is(line.level, 50);
      t.true(
        (line.problems as string[]).some((problem) => problem.startsWith(`${BROKEN} kind: Invalid option`)),
        `names file, field and rule: ${JSON.stringify(line.problems)}`,
      );
    }
  },
);
