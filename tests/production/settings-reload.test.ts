import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import anyTest from 'ava';
import type { TestFn } from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { buildServer } from './helpers/build.js';
import { getFresh, waitFor } from './helpers/http.js';
import { startLoad } from './helpers/load.js';
import type { Cluster } from './helpers/pm2.js';
import { APP, startCluster, waitForWorkers } from './helpers/pm2.js';

/**
 * docs/operations.md §2: settings live in the settings file, and `npm run reload` checks them with
 * the server's own parser, then applies new, changed and removed ones to every worker, or, on a bad
 * value, reloads nothing. One cluster, its settings changed step by step.
 */
const test = anyTest.serial as TestFn<{ cluster: Cluster; file: string; dir: string }>;
const WATCHER = 'reset-tracker-leads';

test.before(async (t) => {
  await buildServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-settings-'));
  const file = path.join(dir, 'settings.env');
  await writeFile(file, 'RATE_LIMIT_POINTS=5\n');
  // The shell sets none of the three (empty is not set) but TRUST_PROXY_HOPS=1, which wins for this
  // first start and so is in the PM2 daemon's own environment from now on.
  const cluster = await startCluster({
    instances: 2,
    env: { RATE_LIMIT_POINTS: '', PUBLIC_BASE_URL: '', TRUST_PROXY_HOPS: '1', SETTINGS_FILE: file },
  });
  t.context = { cluster, file, dir };
});

test.after.always(async (t) => {
  await t.context.cluster?.stop();
  if (t.context.dir) await rm(t.context.dir, { recursive: true, force: true });
});

async function reload(context: { cluster: Cluster }, args: string[], env: NodeJS.ProcessEnv = {}) {
  return runToEnd(process.execPath, [...commandLine('tools/reload.ts'), ...args], {
    cwd: ROOT,
    env: { ...context.cluster.env, ...env },
    timeout: 90_000,
  });
}

/**
 * What the workers answer and their start lines say: the rate-limit quotas of six requests on fresh
 * connections (the primary hands them to the workers in turn), and each online worker's trusted hops
 * and origin.
 */
async function workersSay(cluster: Cluster) {
  const quotas = new Set<string>();
  for (let i = 0; i < 6; i++)
    quotas.add(String((await getFresh(`${cluster.url}/api/v1/sources`)).headers['ratelimit-policy']));
  const pids = (await cluster.workers()).map((worker) => worker.pid);
  const lines = await waitFor('the start lines', async () => {
    const log = await cluster.log();
    return pids.every((pid) => log.some((line) => line.pid === pid && line.msg === 'listening'))
      ? log
      : undefined;
  });
  const starts = pids.map((pid) => lines.findLast((line) => line.pid === pid && line.msg === 'listening')!);
  return {
    quotas: [...quotas],
    workers: starts.map((start) => ({ hops: start.trustProxyHops, origin: start.origin })),
  };
}

/** Two requests from two forwarded addresses: whether they were counted apart. */
async function countedApart(cluster: Cluster): Promise<boolean> {
  const one = await getFresh(`${cluster.url}/api/v1/sources`, { 'X-Forwarded-For': '198.51.100.1' });
  const other = await getFresh(`${cluster.url}/api/v1/sources`, { 'X-Forwarded-For': '198.51.100.2' });
  const remaining = (reply: { headers: Record<string, unknown> }) =>
    Number(/r=(\d+)/.exec(String(reply.headers.ratelimit))?.[1]);
  return remaining(one) === remaining(other);
}

test('a reload applies a changed, a new and a removed setting to every worker', async (t) => {
  t.timeout(180_000);
  const { cluster, file } = t.context;
  const before = await workersSay(cluster);
  t.deepEqual(before.quotas, ['"default";q=5;w=60'], 'RATE_LIMIT_POINTS from the file');
  t.deepEqual(
    before.workers.map((worker) => worker.hops),
    [1, 1],
    'TRUST_PROXY_HOPS from the shell of the first start',
  );
  // Separate counts need separate workers' views to agree: retried, as each fresh request may meet
  // either worker.
  t.true(
    await waitFor('two addresses counted apart', async () =>
      (await countedApart(cluster)) ? true : undefined,
    ),
  );

  await writeFile(file, 'RATE_LIMIT_POINTS=7\nPUBLIC_BASE_URL=https://tracker.example\n');
  // Another shell: the TRUST_PROXY_HOPS of the first start is set nowhere now.
  const done = await reload(t.context, [], { TRUST_PROXY_HOPS: '' });
  t.is(done.code, 0, outputOf(done));
  const after = await workersSay(cluster);
  t.deepEqual(after.quotas, ['"default";q=7;w=60'], 'a changed setting');
  t.deepEqual(
    after.workers,
    [
      { hops: 0, origin: 'https://tracker.example' },
      { hops: 0, origin: 'https://tracker.example' },
    ],
    'a new setting (PUBLIC_BASE_URL) and a removed one (TRUST_PROXY_HOPS, back to its default) on both workers',
  );
  const event = await getFresh(`${cluster.url}/api/v1/resets?limit=1`);
  t.regex(event.body, /"url":"https:\/\/tracker\.example\/events\//);
  t.false(await countedApart(cluster), 'X-Forwarded-For is no longer trusted');
});

test("the curator's commands read the settings file: content:publish finds the port there", async (t) => {
  t.timeout(90_000);
  const { cluster, file } = t.context;
  const port = new URL(cluster.url).port;
  await writeFile(file, `RATE_LIMIT_POINTS=7\nPUBLIC_BASE_URL=https://tracker.example\nPORT=${port}\n`);
  // The shell sets no PORT: the file's is the running service's.
  const done = await runToEnd(process.execPath, commandLine('tools/content-publish.ts'), {
    cwd: ROOT,
    env: { ...cluster.env, PORT: '' },
    timeout: 60_000,
  });
  t.is(done.code, 0, outputOf(done));
  t.regex(done.stdout, /^already serving revision \S+$/m, "it asked the service on the file's port");
  await writeFile(file, 'RATE_LIMIT_POINTS=7\nPUBLIC_BASE_URL=https://tracker.example\n');
});

test('a bad setting reloads nothing, and the workers serve on under load', async (t) => {
  t.timeout(180_000);
  const { cluster, file } = t.context;
  const pids = (await cluster.workers()).map((worker) => worker.pid).sort();
  const load = startLoad({
    url: cluster.url,
    paths: ['/healthz', '/api/v1/status'],
    connections: 4,
    durationMs: 60_000,
  });
  await waitFor('the load under way', () => Promise.resolve(load.completed() >= 40 ? true : undefined));
  await writeFile(file, 'RATE_LIMIT_POINTS=7\nTELEGRAM_BOT_TOKEN=12345:short\nTELEGRAM_CHANNEL=@resets\n');
  const refused = await reload(t.context, []);
  const checked = await reload(t.context, ['--check']);
  const afterRefusal = load.completed();
  await waitFor('more requests served', () =>
    Promise.resolve(load.completed() >= afterRefusal + 40 ? true : undefined),
  );
  load.stop();
  const result = await load.done;

  t.is(refused.code, 1);
  t.deepEqual(refused.stderr.trim().split('\n'), [
    'settings: TELEGRAM_BOT_TOKEN: must be a bot token as @BotFather gives it (123456:ABC…)',
    'settings: 1 problem; nothing reloaded, the running workers keep their settings',
  ]);
  t.is(refused.stdout, '', 'pm2 was not run');
  t.is(checked.code, 1);
  t.is(checked.stderr, refused.stderr, '--check says the same');
  t.deepEqual((await cluster.workers()).map((worker) => worker.pid).sort(), pids, 'no worker replaced');
  t.deepEqual(result.errors, {}, 'no request failed');
  // The quota is 7 a minute: past it a worker answers 429, an answer all the same.
  t.deepEqual(
    Object.keys(result.statuses).filter((status) => status !== '200' && status !== '429'),
    [],
    'every request answered, none with an error',
  );
  await writeFile(file, 'RATE_LIMIT_POINTS=7\nPUBLIC_BASE_URL=https://tracker.example\n');
});

test('the watcher goes on, is updated with the rest and goes off, the site untouched by --watcher', async (t) => {
  t.timeout(180_000);
  const { cluster, file } = t.context;
  const sources = path.join(t.context.dir, 'sources.json');
  // One source on a closed local port: the watcher runs, and reaches nothing outside.
  await writeFile(
    sources,
    JSON.stringify({ sources: [{ name: 'local', kind: 'feed', url: 'http://127.0.0.1:9/feed.xml' }] }),
  );
  const base = `RATE_LIMIT_POINTS=7\nPUBLIC_BASE_URL=https://tracker.example\nLEADS_SOURCES=${sources}\nDATA_DIR=${t.context.dir}/data\n`;
  const processes = async () =>
    (
      JSON.parse(await cluster.pm2('jlist')) as { name: string; pid: number; pm2_env: { status: string } }[]
    ).map((entry) => `${entry.name}:${entry.pid}:${entry.pm2_env.status}`);
  const site = async () => (await processes()).filter((entry) => entry.startsWith(`${APP}:`)).sort();
  const watcher = async () => (await processes()).filter((entry) => entry.startsWith(`${WATCHER}:`));

  const siteBefore = await site();
  await writeFile(file, `${base}LEADS_WATCH=on\n`);
  const on = await reload(t.context, ['--watcher']);
  t.is(on.code, 0, outputOf(on));
  const started = await waitFor('the watcher online', async () => {
    const entries = await watcher();
    return entries.length === 1 && entries[0]!.endsWith(':online') ? entries : undefined;
  });
  t.deepEqual(await site(), siteBefore, 'turning the watcher on replaced no site worker');

  // A code update: `npm run reload` replaces the site's workers and the watcher alike.
  const all = await reload(t.context, []);
  t.is(all.code, 0, outputOf(all));
  await waitForWorkers(cluster, 2);
  const updated = await watcher();
  t.is(updated.length, 1);
  t.not(updated[0], started[0], 'the watcher runs anew');
  t.false(
    (await site()).some((entry) => siteBefore.includes(entry)),
    'every site worker replaced',
  );

  const siteNow = await site();
  await writeFile(file, base);
  const off = await reload(t.context, ['--watcher']);
  t.is(off.code, 0, outputOf(off));
  t.deepEqual(await watcher(), [], 'the watcher is gone');
  t.deepEqual(await site(), siteNow, 'turning it off replaced no site worker');
});
