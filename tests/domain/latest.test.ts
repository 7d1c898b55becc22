import test from 'ava';
import { getStatus } from '../../domain/status.js';
import type { FilterSet } from '../../domain/filters.js';
import { StatusData } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';

const ALL: FilterSet = { audience: 'all', window: 'any' };
const NOW = Date.parse('2025-03-10T12:00:00Z');

const statusOf = (events: Parameters<typeof catalogOf>[0], now = NOW) =>
  getStatus(catalogOf(events), ALL, now);

test('with no qualifying event, latest, ambiguity and dates are all null', (t) => {
  const status = statusOf([exactEvent('announced', '2025-03-01T10:00:00Z', { event_status: 'announced' })]);
  t.is(status.latest_reset, null);
  t.is(status.latest_ambiguous, null);
  t.like(status.stats, { total: 0, last_reset_at: null, last_reset_on: null, days_since_last: null });
});

test('the newest exact event is the latest reset and gives last_reset_at and days_since_last', (t) => {
  const status = statusOf([
    exactEvent('old', '2025-03-01T12:00:00Z'),
    exactEvent('new', '2025-03-08T00:00:00Z'),
  ]);
  t.is(status.latest_reset?.id, 'new');
  t.is(status.latest_ambiguous, null);
  t.is(status.stats.last_reset_at, '2025-03-08T00:00:00.000Z');
  t.is(status.stats.last_reset_on, null);
  t.is(status.stats.days_since_last, 2.5);
});

test('a date-only event alone on the newest day is the latest, with a date but no time', (t) => {
  const status = statusOf([exactEvent('exact', '2025-03-01T12:00:00Z'), dateEvent('dated', '2025-03-05')]);
  t.is(status.latest_reset?.id, 'dated');
  t.is(status.latest_ambiguous, null);
  t.like(status.stats, { last_reset_at: null, last_reset_on: '2025-03-05', days_since_last: null });
});

test('a date-only event on the same day as an exact one makes the latest ambiguous', (t) => {
  const status = statusOf([
    exactEvent('older', '2025-03-01T12:00:00Z'),
    exactEvent('exact', '2025-03-05T18:00:00Z'),
    dateEvent('dated', '2025-03-05'),
  ]);
  t.is(status.latest_reset, null);
  t.deepEqual(
    status.latest_ambiguous?.map((event) => event.id),
    ['exact', 'dated'],
  );
  t.like(status.stats, { last_reset_at: null, last_reset_on: '2025-03-05', days_since_last: null });
});

test('two date-only events on the newest day are both candidates, in list order', (t) => {
  const status = statusOf([
    exactEvent('older', '2025-03-01T12:00:00Z'),
    dateEvent('a', '2025-03-05'),
    dateEvent('b', '2025-03-05'),
  ]);
  t.is(status.latest_reset, null);
  t.deepEqual(
    status.latest_ambiguous?.map((event) => event.id),
    ['b', 'a'],
  );
  t.is(status.stats.last_reset_on, '2025-03-05');
});

test('of several exact events on an ambiguous day only the newest is a candidate', (t) => {
  const status = statusOf([
    exactEvent('morning', '2025-03-05T08:00:00Z'),
    exactEvent('evening', '2025-03-05T20:00:00Z'),
    exactEvent('noon', '2025-03-05T12:00:00Z'),
    dateEvent('dated', '2025-03-05'),
  ]);
  t.deepEqual(
    status.latest_ambiguous?.map((event) => event.id),
    ['evening', 'dated'],
  );
});

test('several exact events on the newest day are not ambiguous', (t) => {
  const status = statusOf([
    exactEvent('morning', '2025-03-05T08:00:00Z'),
    exactEvent('evening', '2025-03-05T20:00:00Z'),
  ]);
  t.is(status.latest_reset?.id, 'evening');
  t.is(status.latest_ambiguous, null);
});

test('a date-only event on an earlier day does not make the latest ambiguous', (t) => {
  const status = statusOf([dateEvent('dated', '2025-03-04'), exactEvent('exact', '2025-03-05T00:00:00Z')]);
  t.is(status.latest_reset?.id, 'exact');
  t.is(status.stats.last_reset_at, '2025-03-05T00:00:00.000Z');
});

test('ambiguity is judged on the filtered events only', (t) => {
  const events = [
    exactEvent('weekly', '2025-03-05T18:00:00Z', { windows: ['weekly'] }),
    dateEvent('five-hour', '2025-03-05', { windows: ['five_hour'] }),
  ];
  const catalog = catalogOf(events);
  t.is(getStatus(catalog, ALL, NOW).latest_reset, null);
  t.is(getStatus(catalog, { audience: 'all', window: 'weekly' }, NOW).latest_reset?.id, 'weekly');
  t.is(getStatus(catalog, { audience: 'all', window: 'five_hour' }, NOW).latest_reset?.id, 'five-hour');
});

test('days_since_last is never negative when now is before the latest reset', (t) => {
  const reset = Date.parse('2025-03-11T00:00:00Z');
  for (const before of [1, 60_000, 3_600_000, 43_200_000, 86_400_000, 365 * 86_400_000]) {
    const status = statusOf([exactEvent('future', '2025-03-11T00:00:00Z')], reset - before);
    t.is(status.stats.days_since_last, 0, `${before} ms before`);
  }
});

test('days_since_last moves with now while the rest of the status stays put', (t) => {
  const catalog = catalogOf([exactEvent('one', '2025-03-09T12:00:00Z')]);
  const first = getStatus(catalog, ALL, NOW);
  const later = getStatus(catalog, ALL, NOW + 6 * 3_600_000);
  t.is(first.stats.days_since_last, 1);
  t.is(later.stats.days_since_last, 1.25);
  t.deepEqual({ ...later.stats, days_since_last: 1 }, first.stats);
});

test('the status is a valid closed StatusData with active_watch null and the filters echoed', (t) => {
  const filters: FilterSet = { audience: 'max', window: 'weekly' };
  const status = getStatus(catalogOf([exactEvent('one', '2025-03-09T12:00:00Z')]), filters, NOW);
  t.true(StatusData.safeParse(status).success);
  t.is(status.active_watch, null);
  t.deepEqual(status.filters, filters);
});
