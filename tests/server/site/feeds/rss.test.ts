import test from 'ava';
import Parser from 'rss-parser';
import { create } from 'xmlbuilder2';
import type { RunningServer } from '../../../../server/server.js';
import { rfc822 } from '../../../../server/site/feeds/rss.js';
import { getText } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';
import { feedEvents, readEvents } from './expected.js';
import { BASE_URL, DEMO_FIXTURE } from '../../../helpers/fixtures.js';

interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  atomUpdated: string;
  content: string;
  categories: string[];
}

const parser = new Parser<Record<string, unknown>, RssItem>({
  customFields: { item: [['atom:updated', 'atomUpdated']] },
});

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 822 date strictly, checking that the weekday is the right one for the date. */
function parseRfc822(value: string): number | null {
  const match = RFC822.exec(value);
  if (!match) return null;
  const [, day, date, month, year, h, m, s] = match;
  const ms = Date.UTC(Number(year), MONTHS.indexOf(month!), Number(date), Number(h), Number(m), Number(s));
  return DAYS[new Date(ms).getUTCDay()] === day ? ms : null;
}

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

async function loadFeed() {
  const url = site!.url;
  const { res, body } = await getText(`${url}/feed.xml`);
  const resets = (await (await fetch(`${url}/api/v1/resets?limit=100`)).json()) as {
    data: { url: string }[];
  };
  return { res, body, counted: resets.data.map((event) => event.url) };
}

test('serves RSS 2.0 as application/rss+xml that a feed parser reads', async (t) => {
  const { res, body } = await loadFeed();
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^application\/rss\+xml\b/);
  const feed = await parser.parseString(body);
  t.truthy(feed.title);
  t.is(feed.link, `${BASE_URL}/`);
  t.truthy(feed.description);
  t.is(feed.language, 'en');
});

test('the channel declares the atom namespace and a self link to the served address', async (t) => {
  const { body } = await loadFeed();
  const doc = create(body).end({ format: 'object' }) as {
    rss: { '@version': string; '@xmlns:atom': string; channel: Record<string, unknown> };
  };
  t.is(doc.rss['@version'], '2.0');
  t.is(doc.rss['@xmlns:atom'], 'http://www.w3.org/2005/Atom');
  t.deepEqual(doc.rss.channel['atom:link'], {
    '@href': `${BASE_URL}/feed.xml`,
    '@rel': 'self',
    '@type': 'application/rss+xml',
  });
});

test('carries one item per confirmed, cancelled or retracted usage reset, newest first', async (t) => {
  const { body, counted } = await loadFeed();
  const feed = await parser.parseString(body);
  const expected = feedEvents(await readEvents(DEMO_FIXTURE)).map(
    (event) => `${BASE_URL}/events/${event.id}`,
  );
  const links = feed.items.map((item) => item.link);
  t.deepEqual([...links].sort(), [...expected].sort());
  t.is(new Set(links).size, links.length, 'no duplicate items');
  // The confirmed items appear in the API's counted order (newest first).
  t.deepEqual(
    links.filter((link) => counted.includes(link)),
    counted,
  );
});

test('every item has a permalink guid equal to its event url, and valid dates', async (t) => {
  const { body } = await loadFeed();
  const doc = create(body).end({ format: 'object' }) as {
    rss: { channel: { item: { guid: { '@isPermaLink': string; '#': string }; link: string }[] } };
  };
  for (const item of doc.rss.channel.item) {
    t.is(item.guid['@isPermaLink'], 'true');
    t.is(item.guid['#'], item.link);
  }
  const feed = await parser.parseString(body);
  const events = new Map(
    (await readEvents(DEMO_FIXTURE)).map((event) => [`${BASE_URL}/events/${event.id}`, event]),
  );
  for (const item of feed.items) {
    const event = events.get(item.guid);
    if (!event) return t.fail(`unknown guid ${item.guid}`);
    t.is(parseRfc822(item.pubDate), Date.parse(event.first_published_at), `pubDate of ${event.id}`);
    t.regex(item.atomUpdated, RFC3339);
    t.is(Date.parse(item.atomUpdated), Date.parse(event.revised_at), `atom:updated of ${event.id}`);
    t.true(item.content.length > 0, 'has a description');
  }
});

test('labels cancelled and retracted items in the title and as a category', async (t) => {
  const { body } = await loadFeed();
  const feed = await parser.parseString(body);
  const byLink = new Map(feed.items.map((item) => [item.link, item]));
  const retracted = byLink.get(`${BASE_URL}/events/2025-11-27-weekly-reset-everyone`);
  const cancelled = byLink.get(`${BASE_URL}/events/2026-03-18-pro-weekly-reset-called-off`);
  const confirmed = byLink.get(`${BASE_URL}/events/2025-07-15-weekly-reset-pro`);
  t.regex(retracted?.title ?? '', /^\[Retracted\] /);
  t.deepEqual(retracted?.categories, ['retracted']);
  t.regex(cancelled?.title ?? '', /^\[Cancelled\] /);
  t.deepEqual(cancelled?.categories, ['cancelled']);
  t.notRegex(confirmed?.title ?? '', /^\[/);
  t.deepEqual(confirmed?.categories, ['confirmed']);
});

test('dates are RFC 822 with the weekday of the date, the channel’s lastBuildDate included', async (t) => {
  t.is(rfc822('2025-01-14T10:00:00.000Z'), 'Tue, 14 Jan 2025 10:00:00 GMT');
  t.is(rfc822('2024-02-29T23:59:59Z'), 'Thu, 29 Feb 2024 23:59:59 GMT');
  const { body } = await loadFeed();
  const doc = create(body).end({ format: 'object' }) as { rss: { channel: { lastBuildDate?: string } } };
  const built = String(doc.rss.channel.lastBuildDate);
  t.not(parseRfc822(built), null, built);
});
