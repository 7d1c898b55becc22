import { createHash } from 'node:crypto';
import test from 'ava';
import type { RunningServer } from '../../../server/server.js';
import { withServer } from '../../helpers/with-server.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /^\/assets\/[\w-]+\.([A-Za-z0-9_-]{10})\.(css|svg|js)$/;
const TYPES: Record<string, RegExp> = {
  css: /^text\/css/,
  svg: /^image\/svg\+xml/,
  js: /^text\/javascript/,
};

/** Every page of the sitemap, the explorer, the card and an error page. */
async function allPages(server: RunningServer): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [...pages, '/docs/explorer', '/embed', '/no-such-page', '/?audience=everyone'];
}

/** The `/assets/` and `/docs/assets/` addresses a page links in `href` or `src`. */
function assetLinks(body: string): string[] {
  return [...body.matchAll(/\b(?:href|src)="((?:\/docs)?\/assets\/[^"]*)"/g)].map((match) => match[1]!);
}

test(
  'every page links its files by hashed names, served immutable with the hash of their bytes',
  withServer,
  async (t, server) => {
    const pages = await allPages(server);
    t.true(pages.length > 50);
    const checked = new Map<string, string>();
    for (const page of pages) {
      const links = assetLinks(await (await fetch(`${server.url}${page}`)).text());
      t.true(links.length >= 1, `${page} links a file`);
      for (const link of links) {
        const match = HASHED.exec(link);
        t.truthy(match, `${page}: ${link} is a hashed name`);
        if (!match || checked.has(link)) continue;
        const res = await fetch(`${server.url}${link}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        t.is(res.status, 200, link);
        t.is(res.headers.get('cache-control'), IMMUTABLE, link);
        t.regex(res.headers.get('content-type') ?? '', TYPES[match[2]!]!, link);
        t.is(
          createHash('sha256').update(bytes).digest('base64url').slice(0, 10),
          match[1]!,
          `${link}: hash of its bytes`,
        );
        checked.set(link, page);
      }
    }
    const names = [...checked.keys()].map((link) => link.replace(/\.[A-Za-z0-9_-]{10}\./, '.'));
    for (const file of [
      '/assets/site.css',
      '/assets/embed.css',
      '/assets/favicon.svg',
      '/assets/swagger-ui-bundle.js',
    ])
      t.true(names.includes(file), `${file} is linked by a hashed name`);
  },
);

test(
  'a wrong or stale hash is 404; the old unhashed names still answer, cached an hour',
  withServer,
  async (t, server) => {
    const body = await (await fetch(`${server.url}/docs/explorer`)).text();
    const links = assetLinks(body);
    t.true(links.length >= 4);
    for (const link of links) {
      const hash = HASHED.exec(link)![1]!;
      const wrong = hash.startsWith('A') ? `B${hash.slice(1)}` : `A${hash.slice(1)}`;
      for (const stale of [link.replace(hash, wrong), link.replace(`.${hash}.`, `.${hash.slice(1)}.`)]) {
        const res = await fetch(`${server.url}${stale}`);
        await res.arrayBuffer();
        t.is(res.status, 404, stale);
      }
    }
    for (const old of [
      '/assets/site.css',
      '/assets/embed.css',
      '/assets/favicon.svg',
      '/docs/assets/swagger-ui.css',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/docs-init.js',
    ]) {
      const res = await fetch(`${server.url}${old}`);
      await res.arrayBuffer();
      t.is(res.status, 200, old);
      t.is(res.headers.get('cache-control'), 'public, max-age=3600', old);
    }
    const unknown = await fetch(`${server.url}/assets/nothing.AAAAAAAAAA.css`);
    t.is(unknown.status, 404);
  },
);
