import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { decodeSnowflake } from '../../domain/content/post-time.js';
import { copyFixtureContent } from './helpers/content.js';
import { freePort, waitFor } from './helpers/http.js';
import { ROOT } from '../helpers/fixtures.js';

const exec = promisify(execFile);
const POST = 'https://x.com/example/status/1899999999999999999';

test('a curator adds, checks, publishes, retracts and republishes an event with one command each', async (t) => {
  t.timeout(120_000);
  const contentDir = await copyFixtureContent();
  const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-curator-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CONTENT_DIR: contentDir,
    CONTENT_CACHE_DIR: 'off',
    PID_FILE: path.join(temp, 'server.pid'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_POINTS: '0',
  };
  const command = (script: string, ...args: string[]) =>
    exec(process.execPath, ['--import', 'tsx', `server/${script}.ts`, ...args], { cwd: ROOT, env }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const api = async <T>(pathname: string) =>
    (await (await fetch(`http://127.0.0.1:${port}${pathname}`)).json()) as T;
  const server = spawn('npm', ['run', 'dev'], { cwd: ROOT, env, stdio: 'ignore', detached: true });
  try {
    await waitFor('the server', () => api('/healthz').catch(() => undefined), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });

    // new: the id from the day and title, announced_at from the snowflake, the source from sources.json.
    const created = await command(
      'content-new',
      POST,
      '--title',
      'Weekly limits reset for Max',
      '--kind',
      'usage_reset',
    );
    t.is(created.code, 0, created.stderr);
    const day = new Date(decodeSnowflake('1899999999999999999')).toISOString().slice(0, 10);
    const id = `${day}-weekly-limits-reset-for-max`;
    const file = path.join(contentDir, 'events', `${id}.json`);
    const draft = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    t.like(draft, { id, kind: 'usage_reset', time_precision: 'exact', revision: 1 });
    t.is(draft['announced_at'], new Date(decodeSnowflake('1899999999999999999')).toISOString());
    t.like((draft['sources'] as unknown[])[0], {
      handle: '@example',
      display_name: 'Example AI',
      role: 'original',
    });
    t.regex(created.stdout, /still to fill in/);
    t.is(
      (await command('content-new', POST, '--title', 'Weekly limits reset for Max')).code,
      1,
      'an existing id is refused',
    );

    // check names what is missing.
    const missing = await command('content-check', '--dir', contentDir);
    t.is(missing.code, 1);
    for (const field of ['event_status', 'summary', 'allocation', 'audience', 'windows']) {
      t.regex(missing.stderr, new RegExp(`${id}\\.json ${field}: .*the field is missing`), field);
    }

    // fill, check, publish.
    await writeFile(
      file,
      JSON.stringify({
        ...draft,
        event_status: 'confirmed',
        summary: 'Weekly limits were reset for Max subscribers.',
        allocation: 'subscription_usage',
        audience: { scope: 'limited', statement: 'Max subscribers', plans: ['max'] },
        windows: ['weekly'],
      }),
    );
    t.is((await command('content-check', '--dir', contentDir)).code, 0);
    const before = await api<{ content_revision: string }>('/healthz');
    const published = await command('content-publish');
    t.is(published.code, 0, published.stderr);
    const counted = await api<{ data: { id: string }[] }>('/api/v1/resets?limit=100');
    t.true(
      counted.data.some((event) => event.id === id),
      'the new event is counted',
    );
    t.not((await api<{ content_revision: string }>('/healthz')).content_revision, before.content_revision);

    // retract, publish: out of the counted history, labelled on its page and in the feeds.
    const retracted = await command('content-revise', id, '--retract', 'The post was a test.');
    t.is(retracted.code, 0, retracted.stderr);
    t.like(JSON.parse(await readFile(file, 'utf8')), { event_status: 'retracted', revision: 2 });
    t.is((await command('content-publish')).code, 0);
    const after = await api<{ data: { id: string }[] }>('/api/v1/resets?limit=100');
    t.false(
      after.data.some((event) => event.id === id),
      'a retracted event is not counted',
    );
    const page = await (await fetch(`http://127.0.0.1:${port}/events/${id}`)).text();
    t.regex(page, /[Rr]etracted/);
    t.regex(page, /The post was a test\./);
    const feed = await (await fetch(`http://127.0.0.1:${port}/feed.json`)).text();
    t.regex(feed, /\[Retracted\] Weekly limits reset for Max/);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(temp, { recursive: true, force: true });
    await rm(contentDir, { recursive: true, force: true });
  }
});
