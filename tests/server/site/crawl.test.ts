import { DOMParser } from '@xmldom/xmldom';
import test from 'ava';
import { PROBLEM_TYPES } from '../../../server/http/problem-types.js';
import { BASE_URL as TEST_BASE_URL } from '../../helpers/fixtures.js';
import { withServer } from '../../helpers/with-server.js';
import { siteResources } from '../../../server/site/site-resources.js';
import { OpenApiDocument } from '../../../server/http/openapi-document.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const PREFIXES = ['', '/ja', '/ko', '/zh-CN', '/zh-TW'];
const HREFLANGS = ['en', 'ja', 'ko', 'zh-CN', 'zh-TW'];
/** A site path in the language of a prefix: the home page of /ja is /ja/. */
const inLanguage = (prefix: string, path: string) => `${prefix}${path}`;

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
  '/sitemap.xml lists every page and event in every language, with alternates and revised_at; each answers 200',
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
      alternates: Array.from(url.getElementsByTagNameNS(XHTML_NS, 'link')).map(
        (link) => `${link.getAttribute('rel')} ${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
      ),
    }));
    const locs = entries.map((entry) => entry.loc);
    t.is(new Set(locs).size, locs.length, 'no URL twice');
    for (const loc of locs) t.true(loc.startsWith(`${TEST_BASE_URL}/`), loc);

    // The pages of the route table: each HTML page without a parameter that does not ask to stay
    // out of search (noindex), by its English path; then the pages of the routes with one.
    const resources = siteResources({
      origin: TEST_BASE_URL,
      openApi: OpenApiDocument.of({ openapi: '3.1.0', info: { title: '', version: '' } }),
      alerts: { publicKey: null },
      mcp: { path: '/mcp', tools: [] },
    });
    const english = (path: string) =>
      PREFIXES.reduce(
        (rest, prefix) =>
          prefix && (rest === prefix || rest.startsWith(`${prefix}/`))
            ? rest.slice(prefix.length) || '/'
            : rest,
        path,
      );
    const fixed = new Set<string>();
    for (const { path } of resources.filter((resource) => !resource.path.includes(':'))) {
      const answer = await fetch(`${server.url}${path}`);
      const body = await answer.text();
      if (!/^text\/html/.test(answer.headers.get('content-type') ?? '')) continue;
      if (/<meta name="robots" content="[^"]*noindex/.test(body)) continue;
      fixed.add(english(path));
    }
    t.true(fixed.has('/') && !fixed.has('/docs/explorer') && !fixed.has('/embed'), [...fixed].join(' '));
    const withParameter = resources.filter(
      (resource) =>
        resource.path.includes(':') &&
        !resource.path.includes('assets') &&
        english(resource.path) === resource.path,
    );
    t.deepEqual(
      withParameter.map((resource) => resource.path),
      ['/events/:id', '/problems/:code'],
      'a new page route with a parameter says here which of its pages the sitemap lists',
    );
    const pages = [...fixed, ...Object.keys(PROBLEM_TYPES).map((code) => `/problems/${code}`)];
    /** Each page's URL in every language is listed, and each lists all of them, English as x-default. */
    const listedInEveryLanguage = (path: string, lastmod: string | null) => {
      const expected = [
        ...HREFLANGS.map(
          (hreflang, i) => `alternate ${hreflang} ${TEST_BASE_URL}${inLanguage(PREFIXES[i]!, path)}`,
        ),
        `alternate x-default ${TEST_BASE_URL}${path}`,
      ];
      for (const prefix of PREFIXES) {
        const entry = entries.find(
          (candidate) => candidate.loc === `${TEST_BASE_URL}${inLanguage(prefix, path)}`,
        );
        t.truthy(entry, `${prefix}${path}`);
        t.deepEqual(entry?.alternates, expected, `${prefix}${path}`);
        t.is(entry?.lastmod ?? null, lastmod, `${prefix}${path}`);
      }
    };
    for (const page of pages) listedInEveryLanguage(page, null);

    const published = (await (await fetch(`${server.url}/data/events.json`)).json()) as {
      data: { id: string; url: string; revised_at: string }[];
    };
    t.true(published.data.length > 10);
    for (const event of published.data) {
      t.is(event.url, `${TEST_BASE_URL}/events/${event.id}`);
      listedInEveryLanguage(`/events/${event.id}`, event.revised_at);
    }
    t.is(entries.length, (pages.length + published.data.length) * PREFIXES.length, 'nothing else');

    for (const loc of locs) {
      const page = await fetch(`${server.url}${new URL(loc).pathname}`);
      await page.arrayBuffer();
      t.is(page.status, 200, loc);
      t.regex(page.headers.get('content-type') ?? '', /^text\/html/, loc);
    }
  },
);
