import { rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { openapiFetchExample } from '../../server/site/pages/client-examples.js';
import type { RunningServer } from '../../server/server.js';
import { getJson, withinOneMinute, withoutGeneratedAt } from '../helpers/api.js';
import type { Completed } from '../helpers/run.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import { createConsumer, typeCheck } from '../helpers/consumer.js';
import { ROOT } from '../helpers/fixtures.js';
import { startServer } from '../helpers/with-server.js';

/*
 * The generated-client path of a REST user: openapi-typescript over the served /api/openapi.json, then
 * openapi-fetch calling all three operations, type-checked strictly and run against a live server.
 */

/** All three operations, their problems typed, and directives that each must meet a type error. */
const CONSUMER = `import createClient from 'openapi-fetch';
import type { paths } from './reset-tracker.js';

const api = createClient<paths>({ baseUrl: process.argv[2]! + '/api' });

// @ts-expect-error "everyone" is no audience
void api.GET('/v1/status', { params: { query: { audience: 'everyone' } } });
// @ts-expect-error limit is a number
void api.GET('/v1/resets', { params: { query: { limit: 'ten' } } });

const status = await api.GET('/v1/status', { params: { query: { window: 'weekly' } } });
const resets = await api.GET('/v1/resets', { params: { query: { limit: 4, order: 'asc', audience: 'max' } } });
const sources = await api.GET('/v1/sources');
const refused = await api.GET('/v1/resets', { params: { query: { limit: 500 } } });
if (!status.data || !resets.data || !sources.data || !refused.error) throw new Error('unexpected answer');
// @ts-expect-error total is a number
const total: string = status.data.data.stats.total;
const code: string = refused.error.code;
console.log(JSON.stringify({ status: status.data, resets: resets.data, sources: sources.data, code, total }));
`;

let consumer = '';
let server: RunningServer;
let compiled: Completed;
let generated: Completed;

test.before(async () => {
  server = await startServer();
  consumer = await createConsumer('reset-tracker-openapi-');
  await symlink(path.join(ROOT, 'node_modules'), path.join(consumer, 'node_modules'));
  // The command the example's first line gives, against the served document.
  generated = await runToEnd(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'),
      `${server.url}/api/openapi.json`,
      '-o',
      path.join(consumer, 'reset-tracker.d.ts'),
    ],
    { cwd: consumer },
  );
  await writeFile(path.join(consumer, 'example.ts'), openapiFetchExample(server.url));
  await writeFile(path.join(consumer, 'operations.ts'), CONSUMER);
  compiled = await typeCheck(consumer);
});

test.after.always(async () => {
  await server?.stop();
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

test('openapi-typescript generates types from the served document, and a strict consumer compiles', (t) => {
  t.is(generated.code, 0, outputOf(generated));
  t.is(compiled.code, 0, outputOf(compiled));
});

test('openapi-fetch reads the three JSON operations as REST serves them, and the problem of a refusal', async (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
  const { fromClient, fromRest } = await withinOneMinute(async () => {
    const run = await runToEnd(process.execPath, [path.join(consumer, 'out/operations.js'), server.url], {
      cwd: consumer,
    });
    if (run.code !== 0) throw new Error(outputOf(run));
    const paths = [
      '/api/v1/status?window=weekly',
      '/api/v1/resets?limit=4&order=asc&audience=max',
      '/api/v1/sources',
    ];
    return {
      fromClient: JSON.parse(run.stdout) as Record<'status' | 'resets' | 'sources', Body> & { code: string },
      fromRest: await Promise.all(
        paths.map(async (url) => (await getJson<Body>(`${server.url}${url}`)).body),
      ),
    };
  });
  t.deepEqual(
    [fromClient.status, fromClient.resets, fromClient.sources].map(withoutGeneratedAt),
    fromRest.map(withoutGeneratedAt),
  );
  t.is(fromClient.code, 'invalid_parameter');
});

test('the docs/clients.md and /docs example for openapi-fetch runs and lists the pages it asked for', async (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
  const run = await runToEnd(process.execPath, [path.join(consumer, 'out/example.js')], { cwd: consumer });
  t.is(run.code, 0, outputOf(run));
  t.is(run.stderr, '');
  const { body } = await getJson<{
    data: { id: string; announced_at: string | null; announced_on: string | null }[];
  }>(`${server.url}/api/v1/resets?limit=3&audience=max`);
  t.deepEqual(
    run.stdout.trim().split('\n'),
    body.data.map((reset) => `${reset.id} ${reset.announced_at ?? reset.announced_on}`),
  );
});

type Body = { meta: { generated_at: string } };
