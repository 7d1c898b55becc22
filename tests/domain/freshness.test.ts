import test from 'ava';
import { computeFreshness } from '../../domain/freshness.js';
import type { ResetSummary } from '../../domain/schemas/index.js';

const event = (id: string, posted: string | { on: string }, published: string) =>
  ({
    id,
    title: id,
    announced_at: typeof posted === 'string' ? posted : null,
    announced_on: typeof posted === 'string' ? null : posted.on,
    first_published_at: published,
  }) as unknown as ResetSummary;

const events = new Map(
  [
    event('a', '2026-12-01T10:00:00Z', '2026-12-01T10:30:00Z'),
    event('b', '2026-12-02T10:00:00Z', '2026-12-02T11:00:00Z'),
    event('c', { on: '2026-12-03' }, '2026-12-03T02:00:00Z'),
  ].map((one) => [one.id, one]),
);

test('minutes from the post to the lead, the publication and the first alert; newest published first', (t) => {
  const freshness = computeFreshness(
    [
      { event_id: 'a', lead_seen_at: '2026-12-01T10:05:00Z', first_alert_at: '2026-12-01T10:31:00Z' },
      { event_id: 'b', lead_seen_at: '2026-12-02T10:20:00Z', first_alert_at: null },
      { event_id: 'c', lead_seen_at: '2026-12-03T01:00:00Z' },
      { event_id: 'gone', lead_seen_at: '2026-12-03T01:00:00Z' },
    ],
    events,
  );
  t.deepEqual(
    freshness.rows.map((row) => [row.event.id, row.postedAt, row.toLead, row.toPublish, row.toAlert]),
    [
      ['c', '2026-12-03T00:00:00Z', 60, 120, null],
      ['b', '2026-12-02T10:00:00Z', 20, 60, null],
      ['a', '2026-12-01T10:00:00Z', 5, 30, 31],
    ],
    'a date-only post counts from the start of its day; an event the set lacks is left out',
  );
  t.deepEqual(freshness.toLead, { median: 20, worst: 60 });
  t.deepEqual(freshness.toPublish, { median: 60, worst: 120 });
  t.deepEqual(freshness.toAlert, { median: 31, worst: 31 }, 'only the alerts delivered count');
});

test('the median of an even count is the mean of the middle two; only the newest are measured', (t) => {
  const entries = [
    { event_id: 'a', lead_seen_at: '2026-12-01T10:10:00Z' },
    { event_id: 'b', lead_seen_at: '2026-12-02T10:30:00Z' },
  ];
  t.deepEqual(computeFreshness(entries, events).toLead, { median: 20, worst: 30 });
  const newest = computeFreshness(entries, events, 1);
  t.deepEqual(
    newest.rows.map((row) => row.event.id),
    ['b'],
  );
  t.deepEqual(computeFreshness([], events).toAlert, { median: null, worst: null });
});
