import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { getText, revalidate } from '../../../helpers/html.js';
import { startServer, usingServer } from '../../../helpers/with-server.js';
import { BASE_URL, DEMO_FIXTURE, VALID_FIXTURE, copyContent } from '../../../helpers/fixtures.js';

const FEEDS = ['/feed.xml', '/feed.json'] as const;

for (const feed of FEEDS) {
  test(`${feed} answers If-None-Match with 304 and is cacheable and open to every origin`, async (t) => {
    await usingServer({}, async (site) => {
      const first = await fetch(`${site.url}${feed}`, { headers: { Origin: 'https://reader.example' } });
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      t.truthy(etag);
      t.is(first.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300');
      t.is(first.headers.get('access-control-allow-origin'), '*');
      const again = await revalidate(`${site.url}${feed}`, etag!);
      t.is(again.status, 304);
      t.is(await again.text(), '');
    });
  });

  test(`${feed} works with HEAD and refuses other methods with 405 and Allow`, async (t) => {
    await usingServer({}, async (site) => {
      const head = await fetch(`${site.url}${feed}`, { method: 'HEAD' });
      t.is(head.status, 200);
      t.truthy(head.headers.get('etag'));
      const post = await fetch(`${site.url}${feed}`, { method: 'POST' });
      t.is(post.status, 405);
      t.is(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
      t.is(((await post.json()) as { code: string }).code, 'method_not_allowed');
    });
  });
}

test('the same content gives byte-identical feeds and ETags on separate servers', async (t) => {
  const bodies = await Promise.all(
    [0, 1].map(() =>
      usingServer({}, async (site) =>
        Promise.all(
          FEEDS.map(async (feed) => {
            const { res, body } = await getText(`${site.url}${feed}`);
            return `${res.headers.get('etag')}\n${body}`;
          }),
        ),
      ),
    ),
  );
  t.deepEqual(bodies[0], bodies[1]);
});

test('feeds answer 503 content_unavailable with Retry-After while event content is invalid', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await writeFile(path.join(copy.dir, 'events', '2025-03-03-weekly-reset.json'), '{ "id": 1 }');
    await usingServer({ content: copy.dir }, async (site) => {
      for (const feed of FEEDS) {
        const res = await fetch(`${site.url}${feed}`);
        t.is(res.status, 503);
        t.is(res.headers.get('retry-after'), '30');
        t.regex(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
        const problem = (await res.json()) as { code: string; type: string };
        t.is(problem.code, 'content_unavailable');
        t.is(problem.type, `${BASE_URL}/problems/content_unavailable`);
      }
    });
  } finally {
    await copy.dispose();
  }
});

test('a correction changes atom:updated and date_modified and keeps the item id', async (t) => {
  const copy = await copyContent(DEMO_FIXTURE);
  const id = '2025-07-15-weekly-reset-pro';
  const url = `${BASE_URL}/events/${id}`;
  const site = await startServer({ content: copy.dir });
  try {
    const before = await snapshot(site.url, url);
    const file = path.join(copy.dir, 'events', `${id}.json`);
    const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(
      file,
      JSON.stringify({
        ...event,
        summary: 'Weekly limits were reset for Pro subscribers (corrected wording).',
        revision: (event.revision as number) + 1,
        revised_at: '2026-11-21T09:00:00Z',
        correction: { kind: 'correction', reason: 'Wording fixed.', at: '2026-11-21T09:00:00Z' },
      }),
    );
    t.true(await site.reload());
    const after = await snapshot(site.url, url);
    t.is(before.rssUpdated, new Date(event.revised_at as string).toISOString());
    t.not(after.rssUpdated, before.rssUpdated);
    t.is(after.rssUpdated, '2026-11-21T09:00:00.000Z');
    t.is(after.jsonModified, '2026-11-21T09:00:00.000Z');
    t.is(after.jsonPublished, before.jsonPublished);
    t.true(after.rssGuid, 'the guid is unchanged');
    t.not(after.etags.join(), before.etags.join());
  } finally {
    await site.stop();
    await copy.dispose();
  }
});

async function snapshot(base: string, url: string) {
  const rss = await getText(`${base}/feed.xml`);
  const json = await getText(`${base}/feed.json`);
  const item = (JSON.parse(json.body) as { items: Record<string, string>[] }).items.find(
    (entry) => entry.id === url,
  );
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`<guid isPermaLink="true">${escaped}</guid>[\\s\\S]*?<atom:updated>([^<]+)<`).exec(
    rss.body,
  );
  return {
    rssGuid: block !== null,
    rssUpdated: block?.[1] ?? null,
    jsonModified: item?.date_modified,
    jsonPublished: item?.date_published,
    etags: [rss.res.headers.get('etag'), json.res.headers.get('etag')],
  };
}
