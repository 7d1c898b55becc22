import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { PoliteClient } from '../../../server/leads/polite-client.js';
import { readSitemap } from '../../../server/leads/read/sitemap.js';
import { readSourcesFile } from '../../../server/leads/sources-file.js';

/** A client whose fetch answers from `answers` by URL and records what it was asked, with which headers. */
function recording(answers: Record<string, Response>) {
  const asked: { url: string; authorization: string | null }[] = [];
  const client = new PoliteClient({
    userAgent: 'test',
    timeoutMs: 2_000,
    maxBytes: 64 * 1024,
    clock: Date.now,
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      asked.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(answers[url] ?? new Response('not found', { status: 404 }));
    },
  });
  return { client, asked };
}

const BEARER = { authorization: 'Bearer secret-token' };

test('the X bearer token is never sent over plain http', async (t) => {
  const { client, asked } = recording({});
  const fetched = await client.get('http://api.x.example/2/tweets/search/recent', {}, BEARER);
  t.like(fetched, { kind: 'failed', reason: 'a credential is never sent over plain http, not asked' });
  t.deepEqual(asked, [], 'not asked at all');
});

test('an https→http redirect on the same host is refused before the token is sent again', async (t) => {
  const { client, asked } = recording({
    'https://api.x.example/2/tweets/search/recent': new Response(null, {
      status: 302,
      headers: { location: 'http://api.x.example/2/tweets/search/recent' },
    }),
  });
  const fetched = await client.get('https://api.x.example/2/tweets/search/recent', {}, BEARER);
  t.like(fetched, { kind: 'failed', reason: '302 from https: to http:, not followed' });
  t.deepEqual(
    asked.map((one) => one.url),
    ['https://api.x.example/2/tweets/search/recent'],
  );
});

test('a feed redirected from https to http on its own host is not followed either', async (t) => {
  const { client, asked } = recording({
    'https://status.example/history.atom': new Response(null, {
      status: 301,
      headers: { location: 'http://status.example/history.atom' },
    }),
  });
  t.like(await client.get('https://status.example/history.atom'), { kind: 'failed' });
  t.is(asked.length, 1);
});

test("a sitemap source's match without a path is refused at load, naming the file and the field", async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-sources-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'sources.json');
  for (const match of [
    'https://www.anthropic.com',
    ['https://www.anthropic.com/news/', 'https://www.anthropic.com'],
  ]) {
    await writeFile(
      file,
      JSON.stringify({
        sources: [{ name: 'news', kind: 'sitemap', url: 'https://www.anthropic.com/sitemap.xml', match }],
      }),
    );
    const error = await t.throwsAsync(readSourcesFile(file));
    t.true(error.message.startsWith(`${file} is not a sources file:`), error.message);
    t.regex(error.message, /sources\.0\.match.*a match names a path/s);
  }
  await writeFile(
    file,
    JSON.stringify({
      sources: [
        {
          name: 'news',
          kind: 'sitemap',
          url: 'https://www.anthropic.com/sitemap.xml',
          match: 'https://www.anthropic.com/news/',
        },
      ],
    }),
  );
  await t.notThrowsAsync(readSourcesFile(file));
});

test('a sitemap page is under a match by its parsed origin and path, never by its text', (t) => {
  const xml = `<urlset>${[
    'https://www.anthropic.com/news/limits',
    'https://www.anthropic.com/news@169.254.169.254/latest/meta-data',
    'https://www.anthropic.com/news/../../@169.254.169.254/',
    'https://www.anthropic.com/newsroom',
  ]
    .map((loc) => `<url><loc>${loc}</loc></url>`)
    .join('')}</urlset>`;
  const { learned } = readSitemap(xml, null, { match: 'https://www.anthropic.com/news/' });
  t.deepEqual(Object.keys(learned.pages), ['https://www.anthropic.com/news/limits']);
});
