import assert from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import { viewFor } from '../../domain/catalog.js';
import { buildGapSeries, buildTimeline, CHART_MAX_RESETS } from '../../domain/charts.js';
import type { FilterSet } from '../../domain/filters.js';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from '../../domain/schemas/index.js';
import { getStatus } from '../../domain/status.js';
import { eventsArb, FIRST_DAY, holds } from '../helpers/arbitraries.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';

const ALL: FilterSet = { audience: 'all', window: 'any' };
const DAY_MS = 86_400_000;

const EVENTS = [
  exactEvent('a', '2025-03-01T10:00:00Z'),
  exactEvent('b', '2025-03-04T10:00:00Z'),
  dateEvent('d', '2025-03-06'),
  exactEvent('c', '2025-03-08T10:00:00Z'),
  exactEvent('e', '2025-03-10T04:00:00Z'),
  exactEvent('f', '2025-03-10T16:00:00Z', { windows: ['weekly'] }),
  exactEvent('n', '2025-03-12T09:00:00Z', { event_status: 'announced' }),
  exactEvent('x', '2025-03-05T09:00:00Z', { event_status: 'retracted' }),
];

test('the timeline holds the counted resets in list order and the announced reset apart', (t) => {
  const timeline = buildTimeline(viewFor(catalogOf(EVENTS), ALL));
  t.deepEqual(
    timeline.points.map((point) => [point.id, point.exact]),
    [
      ['a', true],
      ['b', true],
      ['d', false],
      ['c', true],
      ['e', true],
      ['f', true],
    ],
  );
  t.is(timeline.announced?.id, 'n');
  t.is(timeline.ambiguousDay, null);
  t.deepEqual(timeline.range, {
    start: Date.parse('2025-03-01T00:00:00Z'),
    end: Date.parse('2025-03-13T00:00:00Z'),
  });
});

test('a date-only reset is drawn at the middle of its day and keeps no invented time', (t) => {
  const point = buildTimeline(viewFor(catalogOf(EVENTS), ALL)).points[2]!;
  t.is(point.at, null);
  t.is(point.day, '2025-03-06');
  t.is(point.time, Date.parse('2025-03-06T12:00:00Z'));
});

test('an ambiguous newest day is named on the timeline', (t) => {
  const events = [...EVENTS, dateEvent('g', '2025-03-10')];
  const timeline = buildTimeline(viewFor(catalogOf(events), ALL));
  t.is(timeline.ambiguousDay, '2025-03-10');
});

test('gaps touching or bridging a date-only reset are unmeasured; average and longest are the stats', (t) => {
  const catalog = catalogOf(EVENTS);
  const series = buildGapSeries(viewFor(catalog, ALL));
  t.deepEqual(
    series.bars.map((bar) => [bar.from, bar.to, bar.days]),
    [
      ['a', 'b', 3],
      ['b', 'd', null],
      ['d', 'c', null],
      ['c', 'e', 1.75],
      ['e', 'f', 0.5],
    ],
  );
  const { stats } = getStatus(catalog, ALL, 0);
  t.is(series.average, stats.avg_interval_days);
  t.is(series.longest, stats.longest_gap_days);
  t.is(series.longestIndex, 0);
});

test('a gap between two exact resets that may bridge a date-only reset is unmeasured', (t) => {
  const series = buildGapSeries(
    viewFor(
      catalogOf([
        exactEvent('a', '2025-03-01T10:00:00Z'),
        exactEvent('b', '2025-03-03T08:00:00Z'),
        dateEvent('d', '2025-03-03'),
      ]),
      ALL,
    ),
  );
  // d sorts at the start of its day, before b, yet may have come after it: a→d and d→b both touch d.
  t.deepEqual(
    series.bars.map((bar) => bar.days),
    [null, null],
  );
  t.is(series.longestIndex, null);
});

test('no counted reset gives an empty timeline and no gaps', (t) => {
  const view = viewFor(catalogOf([]), ALL);
  t.deepEqual(buildTimeline(view), {
    points: [],
    omitted: 0,
    announced: null,
    ambiguousDay: null,
    range: null,
  });
  t.deepEqual(buildGapSeries(view), {
    bars: [],
    omitted: 0,
    average: null,
    longest: null,
    longestIndex: null,
  });
});

const filtersArb = fc.record({
  audience: fc.constantFrom(...AUDIENCE_FILTERS),
  window: fc.constantFrom(...WINDOW_FILTERS),
});

test('for any events and filters the charts agree with the stats', (t) => {
  holds(
    t,
    fc.property(eventsArb(), filtersArb, (events, filters) => {
      const catalog = catalogOf(events);
      const view = viewFor(catalog, filters);
      const { stats } = getStatus(catalog, filters, FIRST_DAY);
      const timeline = buildTimeline(view);
      const series = buildGapSeries(view);
      assert.equal(timeline.points.length, stats.total);
      assert.equal(timeline.points.filter((point) => point.exact).length, stats.exact_count);
      assert.equal(series.bars.length, stats.total_gaps);
      const measured = series.bars.flatMap((bar) => (bar.days === null ? [] : [bar.days]));
      assert.equal(measured.length, stats.eligible_gaps);
      assert.equal(series.longest, measured.length > 0 ? Math.max(...measured) : null);
      if (series.longestIndex !== null) assert.equal(series.bars[series.longestIndex]?.days, series.longest);
      if (measured.length > 0) {
        const mean = measured.reduce((sum, days) => sum + days, 0) / measured.length;
        assert.ok(Math.abs(mean - stats.avg_interval_days!) < 1e-9);
      }
      for (const point of timeline.points) {
        assert.ok(timeline.range && point.time >= timeline.range.start && point.time < timeline.range.end);
        assert.ok(point.time - Date.parse(`${point.day}T00:00:00Z`) < DAY_MS);
      }
    }),
  );
});

test('the charts draw at most CHART_MAX_RESETS of the newest resets and count the ones left out', (t) => {
  const count = CHART_MAX_RESETS + 50;
  const many = catalogOf(
    Array.from({ length: count }, (_, i) =>
      exactEvent(
        `m-${String(i).padStart(4, '0')}`,
        new Date(Date.UTC(2025, 0, 2) + i * 3_600_000).toISOString(),
      ),
    ),
  );
  const view = viewFor(many, { audience: 'all', window: 'any' });
  const timeline = buildTimeline(view);
  t.is(timeline.points.length, CHART_MAX_RESETS);
  t.is(timeline.omitted, 50);
  t.is(timeline.points.at(-1)?.id, `m-${String(count - 1).padStart(4, '0')}`);
  const gaps = buildGapSeries(view);
  t.is(gaps.bars.length, CHART_MAX_RESETS - 1);
  t.is(gaps.omitted, count - 1 - (CHART_MAX_RESETS - 1));
  t.is(gaps.bars.at(-1)?.to, timeline.points.at(-1)?.id);
});
