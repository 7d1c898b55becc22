import test from 'ava';
import { ResetSummary } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';
import { page } from '../helpers/pages.js';
import { BASE_URL } from '../helpers/fixtures.js';

const ids = (catalog: ReturnType<typeof catalogOf>, order?: 'asc' | 'desc') =>
  page(catalog, { order, limit: 100 }).data.map((event) => event.id);

test('exact events are listed by announced_at, newest first by default', (t) => {
  const catalog = catalogOf([
    exactEvent('b', '2025-03-02T10:00:00Z'),
    exactEvent('c', '2025-03-03T09:00:00Z'),
    exactEvent('a', '2025-03-01T12:00:00Z'),
  ]);
  t.deepEqual(ids(catalog), ['c', 'b', 'a']);
  t.deepEqual(ids(catalog, 'asc'), ['a', 'b', 'c']);
});

test('events announced at the same instant are ordered by id', (t) => {
  const catalog = catalogOf([
    exactEvent('beta', '2025-03-02T10:00:00Z'),
    exactEvent('alpha', '2025-03-02T10:00:00Z'),
    exactEvent('alpha-2', '2025-03-02T10:00:00Z'),
  ]);
  t.deepEqual(ids(catalog, 'asc'), ['alpha', 'alpha-2', 'beta']);
  t.deepEqual(ids(catalog, 'desc'), ['beta', 'alpha-2', 'alpha']);
});

test('a date-only event is placed at the start of its UTC day', (t) => {
  const catalog = catalogOf([
    exactEvent('late-previous-day', '2025-03-02T23:59:59.999Z'),
    exactEvent('early-same-day', '2025-03-03T00:00:00.001Z'),
    dateEvent('date-only', '2025-03-03'),
    exactEvent('next-day', '2025-03-04T00:00:00Z'),
  ]);
  t.deepEqual(ids(catalog, 'asc'), ['late-previous-day', 'date-only', 'early-same-day', 'next-day']);
});

test('a date-only event and an exact event at midnight of the same day are ordered by id', (t) => {
  const catalog = catalogOf([
    exactEvent('m-exact', '2025-03-03T00:00:00Z'),
    dateEvent('z-date', '2025-03-03'),
    dateEvent('a-date', '2025-03-03'),
  ]);
  t.deepEqual(ids(catalog, 'asc'), ['a-date', 'm-exact', 'z-date']);
});

test('ids break ties as plain strings, not numerically', (t) => {
  const catalog = catalogOf([
    exactEvent('9-reset', '2025-03-03T10:00:00Z'),
    exactEvent('10-reset', '2025-03-03T10:00:00Z'),
  ]);
  t.deepEqual(ids(catalog, 'asc'), ['10-reset', '9-reset']);
});

test('desc is the exact reverse of asc, ties included', (t) => {
  const catalog = catalogOf([
    dateEvent('d2', '2025-03-05'),
    exactEvent('x1', '2025-03-05T00:00:00Z'),
    dateEvent('d1', '2025-03-05'),
    exactEvent('x3', '2025-03-04T08:00:00Z'),
    exactEvent('x2', '2025-03-04T08:00:00Z'),
    dateEvent('d0', '2025-03-01'),
  ]);
  const asc = ids(catalog, 'asc');
  t.deepEqual(asc, ['d0', 'x2', 'x3', 'd1', 'd2', 'x1']);
  t.deepEqual(ids(catalog, 'desc'), [...asc].reverse());
});

test('listed records are closed ResetSummary objects carrying their event page url', (t) => {
  const catalog = catalogOf([exactEvent('one', '2025-03-03T10:00:00Z'), dateEvent('two', '2025-03-04')]);
  for (const record of page(catalog).data) {
    t.true(ResetSummary.safeParse(record).success);
    t.is(record.url, `${BASE_URL}/events/${record.id}`);
  }
});

test('only confirmed usage resets are listed', (t) => {
  const catalog = catalogOf([
    exactEvent('counted', '2025-03-01T10:00:00Z'),
    exactEvent('announced', '2025-03-02T10:00:00Z', { event_status: 'announced' }),
    exactEvent('cancelled', '2025-03-03T10:00:00Z', {
      event_status: 'cancelled',
      correction: { kind: 'correction', reason: 'Called off.', at: '2025-06-01T00:00:00Z' },
    }),
    exactEvent('retracted', '2025-03-04T10:00:00Z', {
      event_status: 'retracted',
      correction: { kind: 'retraction', reason: 'Was a hoax.', at: '2025-06-01T00:00:00Z' },
    }),
    exactEvent('increase', '2025-03-05T10:00:00Z', { kind: 'limit_increase' }),
    exactEvent('credit', '2025-03-06T10:00:00Z', { kind: 'credit' }),
    dateEvent('incident', '2025-03-07', { kind: 'incident' }),
    dateEvent('policy', '2025-03-08', { kind: 'policy_change' }),
  ]);
  t.deepEqual(ids(catalog), ['counted']);
});
