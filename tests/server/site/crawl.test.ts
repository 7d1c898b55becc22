import { DOMParser } from '@xmldom/xmldom';
import test from 'ava';
import { PROBLEM_TYPES } from '../../../server/http/problem-types.js';
import { BASE_URL as TEST_BASE_URL } from '../../helpers/fixtures.js';
import { withServer } from '../../helpers/with-server.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

test(
  '/robots.txt lets every crawler in and names the sitemap by its absolute URL',
  withServer,
  async (t, server) => {
    const res = await fetch(`${server.url}/robots.txt`);
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^text\/plain/);
    const lines = (await res.text()).split('\n').map((line) => line.trim());
    t.true(lines.includes('User-agent: *'));
    t.true(lines.includes('Allow: /'));
    t.false(
      lines.some((line) => /^Disallow:\s*\S/i.test(line)),
      'nothing is disallowed',
    );
    t.deepEqual(
      lines.filter((line) => line.startsWith('Sitemap:')),
      [`Sitemap: ${TEST_BASE_URL}/sitemap.xml`],
    );
  },
);

test(
  '/sitemap.xml lists every page and every event with its revised_at, and each URL answers 200',
  withServer,
  async (t, server) => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^application\/xml/);
    t.truthy(res.headers.get('etag'));
    const doc = new DOMParser({
      onError: (level, message) => {
        throw new Error(`the sitemap does not parse: ${level} ${message}`);
      },
    }).parseFromString(await res.text(), 'application/xml');
    const root = doc.documentElement!;
    t.is(root.localName, 'urlset');
    t.is(root.namespaceURI, SITEMAP_NS);
    const entries = Array.from(root.getElementsByTagNameNS(SITEMAP_NS, 'url')).map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
    }));
    const locs = entries.map((entry) => entry.loc);
    t.is(new Set(locs).size, locs.length, 'no URL twice');
    for (const loc of locs) t.true(loc.startsWith(`${TEST_BASE_URL}/`), loc);

    const pages = [
      '/',
      '/history',
      '/sources',
      '/docs',
      '/alerts',
      '/privacy',
      '/problems',
      ...Object.keys(PROBLEM_TYPES).map((code) => `/problems/${code}`),
    ];
    for (const page of pages) t.true(locs.includes(`${TEST_BASE_URL}${page}`), page);

    const published = (await (await fetch(`${server.url}/data/events.json`)).json()) as {
      data: { id: string; url: string; revised_at: string }[];
    };
    t.true(published.data.length > 10);
    for (const event of published.data) {
      const entry = entries.find((candidate) => candidate.loc === `${TEST_BASE_URL}/events/${event.id}`);
      t.truthy(entry, event.id);
      t.is(entry?.loc, event.url);
      t.is(entry?.lastmod, event.revised_at, event.id);
    }
    t.is(entries.length, pages.length + published.data.length, 'nothing else');

    for (const loc of locs) {
      const page = await fetch(`${server.url}${new URL(loc).pathname}`);
      await page.arrayBuffer();
      t.is(page.status, 200, loc);
      t.regex(page.headers.get('content-type') ?? '', /^text\/html/, loc);
    }
  },
);
