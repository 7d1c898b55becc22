import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { decodeSnowflake } from '../../domain/content/post-time.js';
import { copyContent, ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { commandLine, runToEnd } from '../helpers/run.js';
import { usingCluster } from '../helpers/with-server.js';
import { buildServer } from './helpers/build.js';

const POST = 'https://x.com/example/status/1899999999999999999';

test('a curator adds, checks, publishes, retracts and republishes an event with one command each', async (t) => {
  t.timeout(120_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  try {
    // The service as it runs in production (PM2); content:publish signals its workers.
    await usingCluster({ instances: 1, env: { CONTENT_DIR: contentDir } }, async (cluster) => {
      const env = {
        ...process.env,
        PM2_HOME: cluster.home,
        PORT: new URL(cluster.url).port,
        CONTENT_DIR: contentDir,
      };
      const command = (script: string, ...args: string[]) =>
        runToEnd(process.execPath, [...commandLine(`tools/${script}.ts`), ...args], { cwd: ROOT, env });
      const api = async <T>(pathname: string) =>
        (await (await fetch(`${cluster.url}${pathname}`)).json()) as T;

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
      const page = await (await fetch(`${cluster.url}/events/${id}`)).text();
      t.regex(page, /[Rr]etracted/);
      t.regex(page, /The post was a test\./);
      const feed = await (await fetch(`${cluster.url}/feed.json`)).text();
      t.regex(feed, /\[Retracted\] Weekly limits reset for Max/);
    });
  } finally {
    await content.dispose();
  }
});
