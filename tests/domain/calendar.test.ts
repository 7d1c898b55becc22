import test from 'ava';
import { viewFor } from '../../domain/catalog.js';
import { CALENDAR_WEEKS, yearCalendar } from '../../domain/calendar.js';
import { ALERT_FILTERS } from '../../domain/alerts.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';

// Coverage starts 2025-01-01 (tests/helpers/events.ts); today is Wednesday 2025-06-18.
const TODAY = '2025-06-18';
const catalog = catalogOf([
  exactEvent('2025-03-03-exact', '2025-03-03T14:05:09Z', { windows: ['weekly'] }),
  dateEvent('2025-04-02-date-only', '2025-04-02'),
  // An ambiguous day: a date-only reset and an exact one on the same date, order unknown.
  dateEvent('2025-05-20-ambiguous-date', '2025-05-20'),
  exactEvent('2025-05-20-ambiguous-exact', '2025-05-20T09:00:00Z'),
  exactEvent('2025-06-01-cancelled', '2025-06-01T10:00:00Z', { event_status: 'cancelled' }),
  exactEvent('2025-06-10-announced', '2025-06-10T08:00:00Z', { event_status: 'announced' }),
  exactEvent('2025-06-12-credit', '2025-06-12T08:00:00Z', { kind: 'credit' }),
]);
const everything = viewFor(catalog, { audience: 'all', window: 'any' });
const calendar = yearCalendar(everything, '2025-01-01', TODAY);
const days = calendar.weeks.flat();
const on = (day: string) => days.find((entry) => entry.day === day)!;

test('53 weeks of 7 UTC days, Sunday first, ending with the week of today', (t) => {
  t.is(calendar.weeks.length, CALENDAR_WEEKS);
  t.true(calendar.weeks.every((week) => week.length === 7));
  t.is(new Date(`${calendar.first}T00:00:00Z`).getUTCDay(), 0);
  t.is(calendar.last, '2025-06-21', 'the Saturday after today');
  t.is(days.length, 371);
});

test('an exact reset, a date-only reset on its date, and an ambiguous day showing both', (t) => {
  t.deepEqual(
    on('2025-03-03').exact.map((event) => event.id),
    ['2025-03-03-exact'],
  );
  t.deepEqual(
    on('2025-04-02').dateOnly.map((event) => event.id),
    ['2025-04-02-date-only'],
  );
  t.deepEqual(on('2025-04-02').exact, [], 'no time is invented');
  t.deepEqual(
    on('2025-05-20').exact.map((event) => event.id),
    ['2025-05-20-ambiguous-exact'],
  );
  t.deepEqual(
    on('2025-05-20').dateOnly.map((event) => event.id),
    ['2025-05-20-ambiguous-date'],
  );
});

test('the announced reset on its day; cancelled events and other kinds nowhere', (t) => {
  t.is(on('2025-06-10').announced?.id, '2025-06-10-announced');
  t.deepEqual([...on('2025-06-10').exact, ...on('2025-06-10').dateOnly], [], 'announced is not counted');
  t.deepEqual([...on('2025-06-01').exact, ...on('2025-06-01').dateOnly], []);
  t.deepEqual([...on('2025-06-12').exact, ...on('2025-06-12').dateOnly], []);
});

test('days before coverage and after today are outside', (t) => {
  t.true(on('2024-12-31').outside);
  t.false(on('2025-01-01').outside);
  t.false(on(TODAY).outside);
  t.true(on('2025-06-19').outside);
});

test('for every filter pair, the calendar counts exactly what the stats count', (t) => {
  for (const filters of ALERT_FILTERS) {
    const view = viewFor(catalog, filters);
    const counted = yearCalendar(view, '2025-01-01', TODAY)
      .weeks.flat()
      .reduce((sum, day) => sum + day.exact.length + day.dateOnly.length, 0);
    t.is(counted, view.stats.total, `${filters.audience}/${filters.window}`);
  }
});
