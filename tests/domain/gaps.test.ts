import test from 'ava';
import type { FilterSet } from '../../domain/filters.js';
import { getStatus } from '../../domain/status.js';
import type { PublishedEvent } from '../../domain/content/events.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';

const ALL: FilterSet = { audience: 'all', window: 'any' };
const NOW = Date.parse('2025-06-01T00:00:00Z');

const statsOf = (events: PublishedEvent[], filters: FilterSet = ALL) =>
  getStatus(catalogOf(events), filters, NOW).stats;

test('gaps between consecutive exact events give the average and the longest interval', (t) => {
  const stats = statsOf([
    exactEvent('a', '2025-03-01T00:00:00Z'),
    exactEvent('b', '2025-03-03T00:00:00Z'),
    exactEvent('c', '2025-03-07T00:00:00Z'),
  ]);
  t.deepEqual(stats, {
    total: 3,
    last_reset_at: '2025-03-07T00:00:00.000Z',
    last_reset_on: null,
    days_since_last: 86,
    avg_interval_days: 3,
    longest_gap_days: 4,
    eligible_gaps: 2,
    total_gaps: 2,
    exact_count: 3,
    partial_sample: false,
  });
});

test('gaps are measured to the millisecond, in fractional days', (t) => {
  const stats = statsOf([exactEvent('a', '2025-03-01T00:00:00Z'), exactEvent('b', '2025-03-02T06:00:00Z')]);
  t.is(stats.avg_interval_days, 1.25);
  t.is(stats.longest_gap_days, 1.25);
});

test('no events means no gaps at all', (t) => {
  t.like(statsOf([]), {
    total: 0,
    total_gaps: 0,
    eligible_gaps: 0,
    exact_count: 0,
    avg_interval_days: null,
    longest_gap_days: null,
    partial_sample: false,
  });
});

test('a single event has no gap, and days_since_last is not a gap', (t) => {
  const stats = statsOf([exactEvent('only', '2025-03-01T00:00:00Z')]);
  t.like(stats, {
    total: 1,
    total_gaps: 0,
    eligible_gaps: 0,
    avg_interval_days: null,
    longest_gap_days: null,
  });
  t.is(stats.days_since_last, 92);
  t.false(stats.partial_sample);
});

test('the unfinished time since the latest reset, though longer, is not counted as the longest gap', (t) => {
  const stats = statsOf([exactEvent('a', '2025-03-01T00:00:00Z'), exactEvent('b', '2025-03-02T00:00:00Z')]);
  t.is(stats.longest_gap_days, 1);
  t.is(stats.days_since_last, 91);
});

test('a gap next to a date-only event is not eligible, so none is measurable', (t) => {
  const stats = statsOf([
    exactEvent('a', '2025-03-01T10:00:00Z'),
    dateEvent('d', '2025-03-03'),
    exactEvent('b', '2025-03-05T10:00:00Z'),
  ]);
  t.like(stats, {
    total: 3,
    total_gaps: 2,
    eligible_gaps: 0,
    exact_count: 2,
    avg_interval_days: null,
    longest_gap_days: null,
    partial_sample: true,
  });
});

test('a date-only event on the earlier end day bridges the gap although it sorts before both', (t) => {
  // Ascending order is d, a, b: a and b are consecutive, but d may have happened after a.
  const stats = statsOf([
    dateEvent('d', '2025-03-01'),
    exactEvent('a', '2025-03-01T10:00:00Z'),
    exactEvent('b', '2025-03-05T10:00:00Z'),
  ]);
  t.like(stats, { total_gaps: 2, eligible_gaps: 0, avg_interval_days: null, partial_sample: true });
});

test('a date-only event on the later end day bridges the gap although it sorts after both', (t) => {
  // b at midnight ties with d's place; the id puts d after b, yet d may have happened before b.
  const stats = statsOf([
    exactEvent('a', '2025-03-01T10:00:00Z'),
    exactEvent('b', '2025-03-05T00:00:00Z'),
    dateEvent('d', '2025-03-05'),
  ]);
  t.like(stats, { total_gaps: 2, eligible_gaps: 0, longest_gap_days: null, partial_sample: true });
});

test('a date-only event outside a gap leaves it eligible', (t) => {
  const stats = statsOf([
    exactEvent('a', '2025-03-01T00:00:00Z'),
    exactEvent('b', '2025-03-02T00:00:00Z'),
    dateEvent('d', '2025-03-04'),
    exactEvent('c', '2025-03-06T00:00:00Z'),
    exactEvent('e', '2025-03-09T12:00:00Z'),
  ]);
  t.like(stats, {
    total: 5,
    total_gaps: 4,
    eligible_gaps: 2,
    exact_count: 4,
    avg_interval_days: 2.25,
    longest_gap_days: 3.5,
    partial_sample: true,
  });
});

test('gaps span events the filters leave out, and only matching date-only events bridge', (t) => {
  const events = [
    exactEvent('a', '2025-03-01T00:00:00Z', { windows: ['weekly'] }),
    dateEvent('d', '2025-03-03', { windows: ['five_hour'] }),
    exactEvent('b', '2025-03-07T00:00:00Z', { windows: ['weekly'] }),
  ];
  t.like(statsOf(events), { total: 3, eligible_gaps: 0, partial_sample: true });
  t.like(statsOf(events, { audience: 'all', window: 'weekly' }), {
    total: 2,
    total_gaps: 1,
    eligible_gaps: 1,
    longest_gap_days: 6,
    partial_sample: false,
  });
});

test('events that do not qualify neither count nor bridge gaps', (t) => {
  const stats = statsOf([
    exactEvent('a', '2025-03-01T00:00:00Z'),
    dateEvent('announced', '2025-03-02', { event_status: 'announced' }),
    dateEvent('increase', '2025-03-02', { kind: 'limit_increase' }),
    exactEvent('b', '2025-03-03T00:00:00Z'),
  ]);
  t.like(stats, { total: 2, total_gaps: 1, eligible_gaps: 1, avg_interval_days: 2, exact_count: 2 });
});

test('exact_count counts the qualifying exact events among the filtered ones', (t) => {
  const stats = statsOf([
    exactEvent('a', '2025-03-01T00:00:00Z'),
    dateEvent('d1', '2025-03-02'),
    dateEvent('d2', '2025-03-04'),
    exactEvent('b', '2025-03-05T00:00:00Z'),
  ]);
  t.like(stats, { total: 4, exact_count: 2, total_gaps: 3, eligible_gaps: 0 });
});
