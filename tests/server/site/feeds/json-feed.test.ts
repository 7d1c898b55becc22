import test from 'ava';
import type { RunningServer } from '../../../../server/server.js';
import { getText } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';
import { feedEvents, readEvents } from './expected.js';
import { BASE_URL, DEMO_FIXTURE } from '../../../helpers/fixtures.js';

/** Top-level and item keys defined by JSON Feed 1.1; extensions must start with `_`. */
const FEED_KEYS = new Set([
  'version',
  'title',
  'home_page_url',
  'feed_url',
  'description',
  'user_comment',
  'next_url',
  'icon',
  'favicon',
  'authors',
  'language',
  'expired',
  'hubs',
  'items',
]);
const ITEM_KEYS = new Set([
  'id',
  'url',
  'external_url',
  'title',
  'content_html',
  'content_text',
  'summary',
  'image',
  'banner_image',
  'date_published',
  'date_modified',
  'authors',
  'tags',
  'language',
  'attachments',
]);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

interface JsonFeedItem {
  id: unknown;
  url?: string;
  title?: string;
  content_text?: string;
  content_html?: string;
  date_published?: string;
  date_modified?: string;
  tags?: string[];
}

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

async function loadFeed() {
  const { res, body } = await getText(`${site!.url}/feed.json`);
  return { res, feed: JSON.parse(body) as Record<string, unknown> & { items: JsonFeedItem[] } };
}

test('serves JSON Feed 1.1 as application/feed+json', async (t) => {
  const { res, feed } = await loadFeed();
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^application\/feed\+json\b/);
  t.is(feed.version, 'https://jsonfeed.org/version/1.1');
  t.is(typeof feed.title, 'string');
  t.is(feed.home_page_url, `${BASE_URL}/`);
  t.is(feed.feed_url, `${BASE_URL}/feed.json`);
  t.true(Array.isArray(feed.items));
});

test('uses only keys the JSON Feed 1.1 spec defines', async (t) => {
  const { feed } = await loadFeed();
  for (const key of Object.keys(feed)) t.true(FEED_KEYS.has(key) || key.startsWith('_'), key);
  for (const item of feed.items) {
    for (const key of Object.keys(item)) t.true(ITEM_KEYS.has(key) || key.startsWith('_'), key);
  }
});

test('every item has a unique string id equal to its event url, content and RFC 3339 dates', async (t) => {
  const { feed } = await loadFeed();
  const events = new Map(
    (await readEvents(DEMO_FIXTURE)).map((event) => [`${BASE_URL}/events/${event.id}`, event]),
  );
  const ids = feed.items.map((item) => item.id);
  t.is(new Set(ids).size, ids.length);
  for (const item of feed.items) {
    t.is(typeof item.id, 'string');
    t.is(item.url, item.id as string);
    const event = events.get(item.id as string);
    if (!event) return t.fail(`unknown id ${String(item.id)}`);
    t.true(Boolean(item.content_text ?? item.content_html), 'content_text or content_html');
    t.regex(item.date_published ?? '', RFC3339);
    t.regex(item.date_modified ?? '', RFC3339);
    t.is(Date.parse(item.date_published!), Date.parse(event.first_published_at));
    t.is(Date.parse(item.date_modified!), Date.parse(event.revised_at));
    t.deepEqual(item.tags, [event.event_status]);
  }
});

test('carries the same items in the same order as the RSS feed', async (t) => {
  const { feed } = await loadFeed();
  const xml = (await getText(`${site!.url}/feed.xml`)).body;
  const guids = [...xml.matchAll(/<guid isPermaLink="true">([^<]+)<\/guid>/g)].map((match) => match[1]);
  t.deepEqual(
    feed.items.map((item) => item.id),
    guids,
  );
  t.is(feed.items.length, feedEvents(await readEvents(DEMO_FIXTURE)).length);
});

test('labels cancelled and retracted items in the title and tags', async (t) => {
  const { feed } = await loadFeed();
  const retracted = feed.items.find(
    (item) => item.id === `${BASE_URL}/events/2025-11-27-weekly-reset-everyone`,
  );
  t.regex(retracted?.title ?? '', /^\[Retracted\] /);
  t.deepEqual(retracted?.tags, ['retracted']);
  t.regex(retracted?.content_text ?? '', /not counted/);
});
