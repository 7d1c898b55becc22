import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import escapeHtml from 'escape-html';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import { LOCALES, localePath } from '../../../../domain/locales.js';
import { getText, revalidate, squash } from '../../../helpers/html.js';
import { startServer, usingServer } from '../../../helpers/with-server.js';
import { BASE_URL, VALID_FIXTURE, copyContent } from '../../../helpers/fixtures.js';

const PAGES = [
  '/',
  '/?audience=pro',
  '/events/2025-11-27-weekly-reset-everyone',
  '/sources',
  '/docs',
  '/problems',
  '/problems/rate_limited',
];

test('every page has a canonical link, both feed alternates, the link-back and demo notices', async (t) => {
  await usingServer({}, async (site) => {
    for (const page of PAGES) {
      const body = squash((await getText(`${site.url}${page}`)).body);
      const pathname = page.split('?')[0];
      t.true(body.includes(`<link rel="canonical" href="${BASE_URL}${pathname}">`), page);
      t.regex(
        body,
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="https:\/\/tracker\.test\/feed\.xml">/,
        page,
      );
      t.regex(
        body,
        /<link rel="alternate" type="application\/feed\+json" title="[^"]+" href="https:\/\/tracker\.test\/feed\.json">/,
        page,
      );
      t.regex(body, /please link back/, page);
      // The collection's notice stands on the pages that show its data.
      if (!/^\/(docs|problems)/.test(page)) t.regex(body, /Demonstration data/, page);
      else t.notRegex(body, /Demonstration data/, page);
      t.regex(body, /<meta name="viewport" content="width=device-width, initial-scale=1">/, page);
      t.regex(body, /<link rel="stylesheet" href="\/assets\/site\.[A-Za-z0-9_-]{10}\.css">/, page);
      t.notRegex(body, /style="|<style/, `${page}: no inline styles`);
    }
  });
});

test('every page, in every language, names Claude and Anthropic and says the site is independent', async (t) => {
  t.regex(
    DICTIONARIES.en.site.description,
    /Claude, Anthropic's AI assistant.*not affiliated with Anthropic/,
  );
  await usingServer({}, async (site) => {
    for (const locale of LOCALES) {
      const description = DICTIONARIES[locale].site.description;
      t.true(description.includes('Claude') && description.includes('Anthropic'), locale);
      for (const page of PAGES) {
        const address = localePath(locale, page);
        t.true((await getText(`${site.url}${address}`)).body.includes(escapeHtml(description)), address);
      }
    }
  });
});

test('pages answer If-None-Match with 304, are publicly cacheable, and work with HEAD', async (t) => {
  await usingServer({}, async (site) => {
    for (const page of PAGES) {
      const first = await fetch(`${site.url}${page}`);
      await first.arrayBuffer();
      t.is(first.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300', page);
      const etag = first.headers.get('etag');
      t.truthy(etag, page);
      t.is((await revalidate(`${site.url}${page}`, etag!)).status, 304, page);
      const head = await fetch(`${site.url}${page}`, { method: 'HEAD' });
      t.is(head.status, 200, page);
      t.is(head.headers.get('etag'), etag, page);
    }
  });
});

test('pages refuse writes with 405 and Allow', async (t) => {
  await usingServer({}, async (site) => {
    const res = await fetch(`${site.url}/sources`, { method: 'DELETE' });
    t.is(res.status, 405);
    t.is(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
  });
});

test('the same content gives the same pages and ETags on separate servers', async (t) => {
  const render = () =>
    usingServer({}, async (site) =>
      Promise.all(PAGES.map(async (page) => (await fetch(`${site.url}${page}`)).headers.get('etag'))),
    );
  t.deepEqual(await render(), await render());
});

test('a republished event changes its page and ETag', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  const site = await startServer({ content: copy.dir });
  try {
    const url = `${site.url}/events/2025-03-03-weekly-reset`;
    const before = await getText(url);
    const file = path.join(copy.dir, 'events', '2025-03-03-weekly-reset.json');
    const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(
      file,
      JSON.stringify({
        ...event,
        title: 'Weekly limits reset (retitled)',
        revision: 2,
        revised_at: '2025-06-02T00:00:00Z',
      }),
    );
    t.true(await site.reload());
    const after = await getText(url);
    t.regex(after.body, /Weekly limits reset \(retitled\)/);
    t.not(after.res.headers.get('etag'), before.res.headers.get('etag'));
  } finally {
    await site.stop();
    await copy.dispose();
  }
});

test('while event content is invalid, data pages answer 503 and the sources, docs and problem pages still work', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await writeFile(path.join(copy.dir, 'events', '2025-03-03-weekly-reset.json'), '{ "id": 1 }');
    await usingServer({ content: copy.dir }, async (site) => {
      for (const page of ['/', '/events/2025-03-10-five-hour-reset']) {
        const { res, body } = await getText(`${site.url}${page}`);
        t.is(res.status, 503, page);
        t.is(res.headers.get('retry-after'), '30', page);
        t.is(res.headers.get('cache-control'), 'no-store', page);
        t.regex(body, /Temporarily unavailable/, page);
      }
      for (const page of ['/sources', '/docs', '/problems/content_unavailable']) {
        t.is((await fetch(`${site.url}${page}`)).status, 200, page);
      }
    });
  } finally {
    await copy.dispose();
  }
});
