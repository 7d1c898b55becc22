import test from 'ava';
import { FEED_MAX_ENTRIES } from '../../../../domain/feeds.js';
import { buildFeedData } from '../../../../server/site/feeds/feed-data.js';
import { describeWhen } from '../../../../server/site/labels.js';
import { catalogOf, dateEvent, exactEvent } from '../../../helpers/events.js';
import { BASE_URL } from '../../../helpers/fixtures.js';

const OPTIONS = { origin: BASE_URL, title: 'Resets', description: 'All of them.' };

const catalog = catalogOf([
  exactEvent('a-confirmed', '2025-03-01T10:00:00Z'),
  exactEvent('b-retracted', '2025-03-05T10:00:00Z', {
    event_status: 'retracted',
    correction: { kind: 'retraction', reason: 'It was a test.', at: '2025-03-06T00:00:00Z' },
  }),
  exactEvent('c-cancelled', '2025-03-09T10:00:00Z', { event_status: 'cancelled' }),
  exactEvent('d-announced', '2025-03-10T10:00:00Z', { event_status: 'announced' }),
  exactEvent('e-incident', '2025-03-11T10:00:00Z', { kind: 'incident' }),
  dateEvent('f-dated', '2025-03-12', {
    first_published_at: '2025-03-12T12:00:00.000Z',
    revised_at: '2025-03-20T08:00:00.000Z',
    revision: 2,
  }),
]);

test('feeds carry confirmed, cancelled and retracted usage resets, newest first', (t) => {
  const feed = buildFeedData(catalog, OPTIONS);
  t.deepEqual(
    feed.items.map((item) => item.id),
    ['f-dated', 'c-cancelled', 'b-retracted', 'a-confirmed'].map((id) => `${BASE_URL}/events/${id}`),
  );
});

test('cancelled and retracted items are labelled in the title and tagged with their status', (t) => {
  const [, cancelled, retracted, confirmed] = buildFeedData(catalog, OPTIONS).items;
  t.is(cancelled?.title, '[Cancelled] Reset c-cancelled');
  t.deepEqual(cancelled?.tags, ['cancelled']);
  t.is(retracted?.title, '[Retracted] Reset b-retracted');
  t.regex(
    retracted?.text ?? '',
    /Retracted\. This event is not counted in the reset history: It was a test\./,
  );
  t.is(confirmed?.title, 'Reset a-confirmed');
  t.is(confirmed?.label, null);
});

test('published and modified come from first_published_at and revised_at; updated is the latest revision', (t) => {
  const feed = buildFeedData(catalog, OPTIONS);
  const dated = feed.items[0];
  t.is(dated?.published, '2025-03-12T12:00:00.000Z');
  t.is(dated?.modified, '2025-03-20T08:00:00.000Z');
  t.is(feed.updated, '2025-06-01T00:00:00.000Z');
  t.is(buildFeedData(catalogOf([]), OPTIONS).updated, null);
});

test('a date-only event is described by its date, with no invented time', (t) => {
  const dated = catalog.byId.get('f-dated')!;
  t.is(describeWhen(dated), '2025-03-12 (date only; the time is not established)');
  t.notRegex(buildFeedData(catalog, OPTIONS).items[0]?.text ?? '', /\d{2}:\d{2}/);
  t.is(describeWhen(catalog.byId.get('a-confirmed')!), '2025-03-01 10:00:00 UTC');
});

test('the feed is the same object data for the same catalog: nothing depends on the clock', (t) => {
  const now = Date.now;
  const first = buildFeedData(catalog, OPTIONS);
  try {
    Date.now = () => Date.parse('2031-07-01T12:34:56Z');
    t.deepEqual(buildFeedData(catalog, OPTIONS), first);
  } finally {
    Date.now = now;
  }
});

test('a feed carries the newest FEED_MAX_ENTRIES events and no more', (t) => {
  const many = catalogOf(
    Array.from({ length: FEED_MAX_ENTRIES + 7 }, (_, i) =>
      exactEvent(`e-${String(i).padStart(3, '0')}`, new Date(Date.UTC(2025, 0, 1 + i, 12)).toISOString()),
    ),
  );
  const items = buildFeedData(many, OPTIONS).items;
  t.is(items.length, FEED_MAX_ENTRIES);
  t.is(items[0]?.id, many.byId.get(`e-${String(FEED_MAX_ENTRIES + 6).padStart(3, '0')}`)?.url);
  t.is(items.at(-1)?.id, many.byId.get('e-007')?.url);
});
