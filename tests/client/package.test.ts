import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { spawn } from 'node:child_process';
import { liveStatusExample, trpcClientExample } from '../../server/site/pages/client-examples.js';
import type { RunningServer } from '../../server/server.js';
import { getJson, withinOneMinute, withoutGeneratedAt } from '../helpers/api.js';
import type { Completed } from '../helpers/run.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import { createConsumer, installedVersion, typeCheck } from '../helpers/consumer.js';
import { installGlobally, packedClient } from '../helpers/packed-client.js';
import { startServer } from '../helpers/with-server.js';

/*
 * The client as a TypeScript user gets it: `npm run client:pack`, the tarball installed into a new
 * project with only its peer dependencies (and the user's own compiler and Node types), a strict
 * NodeNext consumer type-checked with skipLibCheck off, then run against a live server.
 */

const PEERS = ['@trpc/client', '@trpc/server'];
const CLIENT = 'usage-limit-reset-tracker-client';

/** Proves inference: each directive must meet a type error, or tsc reports it unused. */
const TYPES_CHECK = `import type { ListResetsInput, Problem, ResetSummary } from '${CLIENT}';
import { createResetTrackerClient } from '${CLIENT}';

const tracker = createResetTrackerClient({ url: 'http://localhost:3000' });

export async function inferred(): Promise<void> {
  // @ts-expect-error the API has no "everyone" audience
  await tracker.getResetStatus.query({ audience: 'everyone' });
  const page = await tracker.listResets.query({ limit: 1 });
  const first: ResetSummary | undefined = page.data[0];
  // @ts-expect-error revision is a number
  const revision: string | undefined = first?.revision;
  const input: ListResetsInput = { order: 'asc', window: 'weekly' };
  const problem: Problem | null = null;
  console.log(revision, input, problem);
}
`;

/** Every procedure through the client, with the requests it made, as JSON on stdout. */
const COMPARE = `import { createResetTrackerClient } from '${CLIENT}';

const requests: string[] = [];
const tracker = createResetTrackerClient({
  url: process.argv[2]!,
  fetch: (input, init) => {
    requests.push(\`\${init?.method ?? 'GET'} \${String(input)}\`);
    return fetch(input, init);
  },
});
const [status, weekly, resets, sources] = await Promise.all([
  tracker.getResetStatus.query(),
  tracker.getResetStatus.query({ audience: 'max', window: 'weekly' }),
  tracker.listResets.query({ limit: 5, order: 'asc' }),
  tracker.listSources.query(),
]);
console.log(JSON.stringify({ status, weekly, resets, sources, requests }));
`;

type Body = { meta: { generated_at: string } };

interface Compared {
  readonly status: Body;
  readonly weekly: Body;
  readonly resets: Body;
  readonly sources: Body;
  readonly requests: string[];
}

let consumer = '';
let tarball = '';
let server: RunningServer;
let compiled: Completed;

test.before(async () => {
  consumer = await createConsumer('reset-tracker-consumer-');
  tarball = await packedClient();
  // The live example's EventSource comes from the `eventsource` package, as docs/clients.md says.
  const tools = await Promise.all(
    [...PEERS, 'typescript', '@types/node', 'eventsource'].map(installedVersion),
  );
  const installed = await runToEnd(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...tools],
    { cwd: consumer },
  );
  if (installed.code !== 0) throw new Error(`npm install failed:\n${outputOf(installed)}`);
  server = await startServer();
  await writeFile(path.join(consumer, 'example.ts'), trpcClientExample(server.url));
  await writeFile(path.join(consumer, 'live.ts'), liveStatusExample(server.url));
  await writeFile(path.join(consumer, 'types.ts'), TYPES_CHECK);
  await writeFile(path.join(consumer, 'compare.ts'), COMPARE);
  compiled = await typeCheck(consumer);
});

test.after.always(async () => {
  await server?.stop();
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

test('the tarball holds the compiled client and its declarations, nothing of the server', async (t) => {
  const listing = await runToEnd('tar', ['-tzf', tarball], { cwd: consumer });
  t.deepEqual(listing.stdout.trim().split('\n').sort(), [
    'package/README.md',
    // The command, bundled into one file (client/scripts/pack.ts).
    'package/dist/cli/main.js',
    'package/dist/contract.d.ts',
    'package/dist/contract.js',
    'package/dist/index.d.ts',
    'package/dist/index.js',
    'package/package.json',
  ]);
  const installed = path.join(consumer, 'node_modules', CLIENT);
  const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  t.is(manifest.dependencies, undefined);
  t.is(manifest.type, 'module');
  t.deepEqual(Object.keys(manifest.peerDependencies as object).sort(), PEERS);
  // Optional: the command needs neither, so `npm install --global` does not install them.
  t.deepEqual(
    manifest.peerDependenciesMeta,
    Object.fromEntries(PEERS.map((peer) => [peer, { optional: true }])),
  );
  t.deepEqual(manifest.bin, { 'reset-tracker': 'dist/cli/main.js' });
  const seen: (string | undefined)[] = [];
  for (const file of await readdir(path.join(installed, 'dist'))) {
    if (file === 'cli') continue;
    const text = await readFile(path.join(installed, 'dist', file), 'utf8');
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)].map(
      (match) => match[1],
    );
    seen.push(...specifiers);
    for (const specifier of specifiers)
      t.regex(specifier ?? '', /^(\.\/[\w-]+\.js|@trpc\/(client|server(\/observable)?))$/, file);
  }
  t.true(seen.includes('@trpc/client') && seen.includes('./contract.js'), seen.join(' '));
  // The command starts without tRPC: its files import Node's modules and each other only.
  for (const file of await readdir(path.join(installed, 'dist/cli'))) {
    const text = await readFile(path.join(installed, 'dist/cli', file), 'utf8');
    for (const [, specifier = ''] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g))
      t.regex(specifier, /^(\.\/[\w-]+\.js|node:[a-z_/]+)$/, file);
  }
  // What every status-line call loads: child_process (about 6 ms) only when a refresh is due or
  // `watch --exec` runs, through import().
  const command = await readFile(path.join(installed, 'dist/cli/main.js'), 'utf8');
  const loaded = [...command.matchAll(/\bfrom\s*['"](node:[a-z_/]+)['"]/g)].map((match) => match[1]).sort();
  t.deepEqual([...new Set(loaded)], ['node:fs', 'node:os', 'node:path', 'node:url', 'node:util']);
});

test('installs with only its peer dependencies beside the consumer’s own compiler, Node types and EventSource', async (t) => {
  const top = await readdir(path.join(consumer, 'node_modules'));
  t.deepEqual(top.filter((name) => !name.startsWith('.')).sort(), [
    '@trpc',
    '@types',
    'eventsource',
    'eventsource-parser',
    'typescript',
    'undici-types',
    CLIENT,
  ]);
  t.deepEqual((await readdir(path.join(consumer, 'node_modules/@trpc'))).sort(), ['client', 'server']);
});

test('npm install --global installs the command alone: no tRPC, no TypeScript', async (t) => {
  const { prefix } = await installGlobally(tarball);
  t.teardown(() => rm(prefix, { recursive: true, force: true }));
  const modules = path.join(prefix, 'lib', 'node_modules');
  t.deepEqual(await readdir(modules), [CLIENT]);
  t.deepEqual(await readdir(path.join(modules, CLIENT)).then((names) => names.sort()), [
    'README.md',
    'dist',
    'package.json',
  ]);
});

test('a strict NodeNext consumer with skipLibCheck off compiles, and its @ts-expect-error lines each meet an error', (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
});

test('without its directive a wrong input is a compile error: the types are inferred, not any', async (t) => {
  const probe = await createConsumer('reset-tracker-probe-');
  try {
    await runToEnd('ln', ['-s', path.join(consumer, 'node_modules'), path.join(probe, 'node_modules')], {
      cwd: probe,
    });
    await writeFile(path.join(probe, 'types.ts'), TYPES_CHECK.replaceAll('  // @ts-expect-error', '  //'));
    const result = await typeCheck(probe);
    t.not(result.code, 0);
    t.regex(outputOf(result), /types\.ts\(\d+,\d+\): error TS2322: Type '"everyone"' is not assignable/);
    t.regex(
      outputOf(result),
      /types\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
});

test('the docs/clients.md and /docs example prints the latest reset, the newest resets and a typed problem', async (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
  const example = await runToEnd(process.execPath, [path.join(consumer, 'out/example.js')], {
    cwd: consumer,
  });
  t.is(example.code, 0, outputOf(example));
  t.is(example.stderr, '');
  const lines = example.stdout.trim().split('\n');
  const { body: status } = await getJson<{ data: { latest_reset: { title: string; announced_at: string } } }>(
    `${server.url}/api/v1/status`,
  );
  const { body: resets } = await getJson<{ data: { title: string; utc_day: string | null }[] }>(
    `${server.url}/api/v1/resets?limit=3`,
  );
  const latest = status.data.latest_reset;
  t.is(lines[0], `Latest reset: ${latest.title} (${latest.announced_at})`);
  t.regex(lines[1] ?? '', /^\d+\.\d days since it; \d+ counted resets$/);
  t.deepEqual(
    lines.slice(2, 5),
    resets.data.map((reset) => `${reset.utc_day}  ${reset.title}`),
  );
  t.regex(lines[5] ?? '', /^400 invalid_parameter: .*"limit"/);
  t.is(lines.length, 6);
});

test('the docs/clients.md and /docs live example prints the status as the subscription delivers it', async (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
  const child = spawn(process.execPath, [path.join(consumer, 'out/live.js')], { cwd: consumer });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`no status line in 10 s: ${output}`)), 10_000);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('\n')) {
          clearTimeout(timer);
          resolve(output.split('\n')[0]!);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    });
    const { body } = await getJson<{
      meta: { content_revision: string };
      data: { stats: { total: number; last_reset_at: string | null } };
    }>(`${server.url}/api/v1/status?audience=max`);
    t.is(
      line,
      `revision ${body.meta.content_revision}: ${body.data.stats.total} counted resets, last ${body.data.stats.last_reset_at}`,
    );
  } finally {
    child.kill();
  }
});

test('every query procedure through the client equals REST, those of one tick in one batched GET', async (t) => {
  t.is(compiled.code, 0, outputOf(compiled));
  const { status, weekly, resets, sources, requests, rest } = await withinOneMinute(async () => {
    const run = await runToEnd(process.execPath, [path.join(consumer, 'out/compare.js'), server.url], {
      cwd: consumer,
    });
    if (run.code !== 0) throw new Error(outputOf(run));
    const fromClient = JSON.parse(run.stdout) as Compared;
    const fromRest = await Promise.all(
      [
        '/api/v1/status',
        '/api/v1/status?audience=max&window=weekly',
        '/api/v1/resets?limit=5&order=asc',
        '/api/v1/sources',
      ].map(async (url) => (await getJson<{ meta: { generated_at: string } }>(`${server.url}${url}`)).body),
    );
    return { ...fromClient, rest: fromRest };
  });
  t.deepEqual([status, weekly, resets, sources].map(withoutGeneratedAt), rest.map(withoutGeneratedAt));
  t.is(requests.length, 1, requests.join('\n'));
  t.regex(
    requests[0] ?? '',
    /^GET .*\/api\/trpc\/getResetStatus,getResetStatus,listResets,listSources\?batch=1/,
  );
});
