import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { ETAG_HASH_LENGTH } from '../../../server/http/etag.js';
import { withinOneMinute } from '../../helpers/api.js';
import { usingServer } from '../../helpers/with-server.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';

const RESOURCES = [
  '/api/v1/status',
  '/api/v1/status?window=five_hour',
  '/api/v1/resets?limit=2',
  '/api/v1/resets?order=asc&audience=pro',
  '/api/v1/sources',
  '/api/openapi.json',
];

/**
 * The entity tag each resource must carry, marked with its coding when compressed: the API's weak tag
 * of its body's hash (server/http/etag.ts), the OpenAPI document's strong one (@koa/etag).
 */
const tagPattern = (p: string) =>
  p === '/api/openapi.json' ? /^"[\w-]+"$/ : new RegExp(`^W/"[\\w-]{${ETAG_HASH_LENGTH}}(-(gzip|br))?"$`);

async function tagsOf(url: string, paths: readonly string[]): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    paths.map(async (p) => {
      const response = await fetch(`${url}${p}`);
      await response.arrayBuffer();
      return [p, response.status === 200 ? response.headers.get('etag') : `status ${response.status}`];
    }),
  );
  return Object.fromEntries(entries) as Record<string, string | null>;
}

test('two separate servers on the same content give the same ETag for the same request', async (t) => {
  await usingServer({}, (first) =>
    usingServer({}, async (second) => {
      const [a, b] = await withinOneMinute(() =>
        Promise.all([tagsOf(first.url, RESOURCES), tagsOf(second.url, RESOURCES)]),
      );
      for (const p of RESOURCES) t.regex(a[p] ?? '', tagPattern(p), p);
      t.deepEqual(a, b);
    }),
  );
});

test('two servers on copies of the same content in different folders agree too', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await usingServer({ content: VALID_FIXTURE }, (first) =>
      usingServer({ content: copy.dir }, async (second) => {
        const [a, b] = await withinOneMinute(() =>
          Promise.all([tagsOf(first.url, RESOURCES), tagsOf(second.url, RESOURCES)]),
        );
        // Each an entity tag, so two answers that failed alike cannot agree.
        for (const p of RESOURCES) t.regex(a[p] ?? '', tagPattern(p), p);
        t.deepEqual(a, b);
      }),
    );
  } finally {
    await copy.dispose();
  }
});

test('republishing edited content changes the ETag of every content response', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await usingServer({ content: copy.dir }, async (server) => {
      const contentPaths = RESOURCES.filter((p) => p !== '/api/openapi.json');
      const before = await withinOneMinute(() => tagsOf(server.url, RESOURCES));

      const file = path.join(copy.dir, 'events', '2025-03-10-five-hour-reset.json');
      const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...event, summary: `${String(event.summary)} Edited.` }));
      t.true(await server.reload());

      const after = await withinOneMinute(() => tagsOf(server.url, RESOURCES));
      for (const p of contentPaths) t.not(after[p], before[p], p);
      t.is(
        after['/api/openapi.json'],
        before['/api/openapi.json'],
        'the document does not depend on content',
      );

      const stale = await fetch(`${server.url}/api/v1/sources`, {
        headers: { 'if-none-match': before['/api/v1/sources']!, 'cache-control': 'max-age=0' },
      });
      t.is(stale.status, 200, 'a tag from before the republish no longer matches');
    });
  } finally {
    await copy.dispose();
  }
});

test('a refused reload keeps serving the last good content under the same ETags', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await usingServer({ content: copy.dir }, async (server) => {
      const file = path.join(copy.dir, 'events', '2025-03-10-five-hour-reset.json');
      const [before, reloaded, after] = await withinOneMinute(async () => {
        const tags = await tagsOf(server.url, RESOURCES);
        await writeFile(file, '{ not json');
        return [tags, await server.reload(), await tagsOf(server.url, RESOURCES)] as const;
      });
      t.false(reloaded);
      t.deepEqual(after, before);
    });
  } finally {
    await copy.dispose();
  }
});
