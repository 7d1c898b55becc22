import assert from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import { AUDIENCE_FILTERS, StatusData, WINDOW_FILTERS } from '../../domain/schemas/index.js';
import { getStatus } from '../../domain/status.js';
import { eventsArb, FIRST_DAY, holds } from '../helpers/arbitraries.js';
import { catalogOf } from '../helpers/events.js';
import { isExact, referenceList, referenceStats } from '../helpers/reference.js';

const filtersArb = fc.record({
  audience: fc.constantFrom(...AUDIENCE_FILTERS),
  window: fc.constantFrom(...WINDOW_FILTERS),
});
const nowArb = fc.integer({ min: FIRST_DAY - 86_400_000, max: FIRST_DAY + 30 * 86_400_000 });
// Averages are computed in floating point; allow the last bits to differ.
const EPSILON = 1e-9;

test('stats satisfy their invariants for any events and filters', (t) => {
  holds(
    t,
    fc.property(eventsArb(), filtersArb, nowArb, (events, filters, now) => {
      const status = getStatus(catalogOf(events), filters, now);
      const { stats } = status;
      assert.ok(StatusData.safeParse(status).success);
      assert.equal(stats.total, referenceList(events, filters).length);
      assert.equal(stats.total_gaps, Math.max(stats.total - 1, 0));
      assert.ok(stats.eligible_gaps <= stats.total_gaps);
      assert.equal(stats.partial_sample, stats.eligible_gaps < stats.total_gaps);
      assert.ok(stats.exact_count <= stats.total);
      assert.equal(stats.avg_interval_days === null, stats.eligible_gaps === 0);
      assert.equal(stats.longest_gap_days === null, stats.eligible_gaps === 0);
      if (stats.longest_gap_days !== null && stats.avg_interval_days !== null) {
        assert.ok(stats.longest_gap_days >= stats.avg_interval_days);
      }
      if (stats.total === 0) {
        assert.equal(status.latest_reset, null);
        assert.equal(status.latest_ambiguous, null);
      } else {
        assert.ok((status.latest_reset === null) !== (status.latest_ambiguous === null));
      }
      assert.equal(stats.days_since_last === null, stats.last_reset_at === null);
      assert.ok(stats.days_since_last === null || stats.days_since_last >= 0);
      assert.ok(stats.last_reset_at === null || stats.last_reset_on === null);
    }),
  );
});

test('latest, ambiguity and gaps agree with a naive reading of the rules', (t) => {
  holds(
    t,
    fc.property(eventsArb(), filtersArb, (events, filters) => {
      const status = getStatus(catalogOf(events), filters, FIRST_DAY);
      const ascending = referenceList(events, filters);
      const expected = referenceStats(ascending);
      assert.equal(status.latest_reset?.id ?? null, expected.latestId);
      assert.deepEqual(status.latest_ambiguous?.map((event) => event.id) ?? null, expected.ambiguousIds);
      assert.equal(status.stats.exact_count, ascending.filter(isExact).length);
      assert.equal(status.stats.eligible_gaps, expected.eligibleGaps.length);
      if (expected.eligibleGaps.length > 0) {
        const mean = expected.eligibleGaps.reduce((a, b) => a + b, 0) / expected.eligibleGaps.length;
        assert.ok(Math.abs(status.stats.avg_interval_days! - mean) < EPSILON);
        assert.equal(status.stats.longest_gap_days, Math.max(...expected.eligibleGaps));
      }
      const latest = status.latest_reset;
      assert.equal(status.stats.last_reset_at, latest && isExact(latest) ? latest.announced_at : null);
      const expectedOn = status.latest_ambiguous
        ? (status.latest_ambiguous[0]!.announced_on ?? status.latest_ambiguous[0]!.utc_day)
        : latest && !isExact(latest)
          ? latest.announced_on
          : null;
      assert.equal(status.stats.last_reset_on, expectedOn);
    }),
  );
});

test('the latest reset is the first event of the default list unless the newest day is ambiguous', (t) => {
  holds(
    t,
    fc.property(eventsArb(), filtersArb, (events, filters) => {
      const status = getStatus(catalogOf(events), filters, FIRST_DAY);
      const newestFirst = referenceList(events, filters).reverse();
      if (status.latest_reset) assert.equal(status.latest_reset.id, newestFirst[0]?.id);
      if (status.latest_ambiguous) {
        const ids = status.latest_ambiguous.map((event) => event.id);
        const positions = ids.map((id) => newestFirst.findIndex((event) => event.id === id));
        assert.deepEqual(
          positions,
          [...positions].sort((a, b) => a - b),
        );
        assert.ok(ids.length >= 2);
      }
    }),
  );
});
