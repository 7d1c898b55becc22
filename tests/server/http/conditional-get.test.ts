import test from 'ava';
import { revalidate } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

// `status?audience=max` has no exact latest reset, so its body does not move with the minute.
const RESOURCES = [
  '/api/v1/status?audience=max',
  '/api/v1/resets?limit=5',
  '/api/v1/sources',
  '/api/openapi.json',
];
const CACHE_CONTROL = /^public, max-age=60, stale-while-revalidate=\d+$/;
const ENTITY_TAG = /^(W\/)?"[!#-~]*"$/;

async function currentTag(url: string): Promise<string> {
  const response = await fetch(url);
  await response.arrayBuffer();
  const tag = response.headers.get('etag');
  if (response.status !== 200 || !tag) throw new Error(`${url}: ${response.status}, ETag ${tag}`);
  return tag;
}

/** The opaque part of an entity tag; `W/"x"` and `"x"` match under weak comparison. */
const opaque = (tag: string) => tag.replace(/^W\//, '');

test(
  'every 200 carries a well-formed ETag and public caching for a minute',
  withServer,
  async (t, server) => {
    for (const path of RESOURCES) {
      const response = await fetch(`${server.url}${path}`);
      t.is(response.status, 200, path);
      t.regex(response.headers.get('etag') ?? '', ENTITY_TAG, path);
      t.regex(response.headers.get('cache-control') ?? '', CACHE_CONTROL, path);
    }
  },
);

test(
  'If-None-Match with the current tag answers 304 with ETag and Cache-Control and no body',
  withServer,
  async (t, server) => {
    for (const path of RESOURCES) {
      const url = `${server.url}${path}`;
      const tag = await currentTag(url);
      const response = await revalidate(url, tag);
      t.is(response.status, 304, path);
      t.is(response.headers.get('etag'), tag, path);
      t.regex(response.headers.get('cache-control') ?? '', CACHE_CONTROL, path);
      t.is(response.headers.get('content-type'), null, path);
      t.is(await response.text(), '', path);
    }
  },
);

test('HEAD with the current tag answers 304 too', withServer, async (t, server) => {
  const url = `${server.url}/api/v1/resets?limit=5`;
  const response = await revalidate(url, await currentTag(url), { method: 'HEAD' });
  t.is(response.status, 304);
});

test('a list of tags matches when any of them is current', withServer, async (t, server) => {
  for (const path of RESOURCES) {
    const url = `${server.url}${path}`;
    const tag = await currentTag(url);
    t.is((await revalidate(url, `${tag}, "a"`)).status, 304, path);
    t.is((await revalidate(url, `"a", ${tag}, W/"b"`)).status, 304, path);
    t.is((await revalidate(url, `"a",${tag}`)).status, 304, path);
    t.is((await revalidate(url, `"a", W/"b"`)).status, 200, path);
  }
});

test('If-None-Match: * matches any current representation', withServer, async (t, server) => {
  for (const path of RESOURCES) {
    t.is((await revalidate(`${server.url}${path}`, '*')).status, 304, path);
  }
});

test('tags compare weakly: W/"x" and "x" both match', withServer, async (t, server) => {
  for (const path of RESOURCES) {
    const url = `${server.url}${path}`;
    const tag = opaque(await currentTag(url));
    t.is((await revalidate(url, tag)).status, 304, `${path} strong form`);
    t.is((await revalidate(url, `W/${tag}`)).status, 304, `${path} weak form`);
  }
});

test('a stale or foreign tag gets the full 200 with the current tag', withServer, async (t, server) => {
  const statusTag = await currentTag(`${server.url}/api/v1/status?audience=max`);
  for (const path of RESOURCES.slice(1)) {
    const url = `${server.url}${path}`;
    const tag = await currentTag(url);
    for (const stale of ['W/"stale"', '"stale"', statusTag]) {
      const response = await revalidate(url, stale);
      t.is(response.status, 200, `${path} with ${stale}`);
      t.is(response.headers.get('etag'), tag, path);
      t.true((await response.text()).length > 0, path);
    }
  }
});

test('different queries and resources get different tags', withServer, async (t, server) => {
  const tags = await Promise.all(
    [
      ...RESOURCES,
      '/api/v1/status?audience=pro',
      '/api/v1/resets?limit=6',
      '/api/v1/resets?limit=5&order=asc',
    ].map((path) => currentTag(`${server.url}${path}`)),
  );
  t.is(new Set(tags).size, tags.length);
});

test(
  'the same query in another parameter order or with explicit defaults has the same tag',
  withServer,
  async (t, server) => {
    const base = `${server.url}/api/v1/resets`;
    const tag = await currentTag(`${base}?limit=5&order=asc`);
    t.is(await currentTag(`${base}?order=asc&limit=5`), tag);
    t.is(await currentTag(`${base}?order=asc&limit=5&audience=all&window=any`), tag);
    const status = await currentTag(`${server.url}/api/v1/status?audience=max`);
    t.is(await currentTag(`${server.url}/api/v1/status?window=any&audience=max`), status);
  },
);

test('refused requests carry no ETag and are not cached', withServer, async (t, server) => {
  const response = await fetch(`${server.url}/api/v1/resets?limit=0`);
  t.is(response.status, 400);
  t.is(response.headers.get('etag'), null);
  t.is(response.headers.get('cache-control'), 'no-store');
  const conditional = await revalidate(`${server.url}/api/v1/resets?limit=0`, '*');
  t.is(conditional.status, 400, 'a conditional request never turns a refusal into 304');
});
