import test from 'ava';
import { parseBound } from '../../domain/bounds.js';
import { DomainError } from '../../domain/errors.js';
import { ResetsQuery } from '../../domain/schemas/index.js';
import type { ResetsQueryInput } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';
import { page, walkIds } from '../helpers/pages.js';

const catalog = catalogOf([
  exactEvent('late-0302', '2025-03-02T23:59:59.999Z'),
  dateEvent('date-0303', '2025-03-03'),
  exactEvent('start-0303', '2025-03-03T00:00:00.000Z'),
  exactEvent('end-0303', '2025-03-03T23:59:59.999Z'),
  exactEvent('start-0304', '2025-03-04T00:00:00.000Z'),
  dateEvent('date-0304', '2025-03-04'),
]);

const within = (input: ResetsQueryInput) =>
  page(catalog, { order: 'asc', limit: 100, ...input }).data.map((e) => e.id);

test('a date "to" covers its whole UTC day, up to 23:59:59.999Z', (t) => {
  t.deepEqual(within({ to: '2025-03-03' }), ['late-0302', 'date-0303', 'start-0303', 'end-0303']);
});

test('a date "from" starts at the beginning of its UTC day', (t) => {
  t.deepEqual(within({ from: '2025-03-03' }), [
    'date-0303',
    'start-0303',
    'end-0303',
    'date-0304',
    'start-0304',
  ]);
});

test('from and to on the same date select that day only', (t) => {
  t.deepEqual(within({ from: '2025-03-03', to: '2025-03-03' }), ['date-0303', 'start-0303', 'end-0303']);
});

test('date-time bounds are inclusive to the millisecond', (t) => {
  t.deepEqual(within({ from: '2025-03-03T23:59:59.999Z', to: '2025-03-04T00:00:00Z' }), [
    'date-0303',
    'end-0303',
    'date-0304',
    'start-0304',
  ]);
});

test('a date-only event compares by its date against a date-time bound', (t) => {
  t.deepEqual(within({ from: '2025-03-03T12:00:00Z' }), ['date-0303', 'end-0303', 'date-0304', 'start-0304']);
  t.deepEqual(within({ to: '2025-03-03T12:00:00Z' }), ['late-0302', 'date-0303', 'start-0303']);
});

test('a bound with an offset is compared as the UTC instant and UTC date it denotes', (t) => {
  // 01:00+02:00 on the 4th is 23:00Z on the 3rd.
  t.deepEqual(within({ from: '2025-03-04T01:00:00+02:00' }), [
    'date-0303',
    'end-0303',
    'date-0304',
    'start-0304',
  ]);
  t.deepEqual(within({ to: '2025-03-03T01:59:59.999+02:00' }), ['late-0302']);
  t.deepEqual(within({ to: '2025-03-02T19:00:00-05:00' }), ['late-0302', 'date-0303', 'start-0303']);
});

test('bounds select the same events in descending order, reversed', (t) => {
  const query = { from: '2025-03-03', to: '2025-03-03T23:59:59.999Z' };
  const desc = page(catalog, { ...query, order: 'desc', limit: 100 }).data.map((e) => e.id);
  t.deepEqual(desc, within(query).reverse());
});

test('paging one event at a time inside bounds returns the same events', (t) => {
  const query = { from: '2025-03-03T00:00:00Z', to: '2025-03-04' };
  t.deepEqual(walkIds(catalog, { ...query, order: 'asc', limit: 1 }), within(query));
  t.deepEqual(walkIds(catalog, { ...query, order: 'desc', limit: 1 }), within(query).reverse());
});

test('"from" after "to" is an invalid_range error', (t) => {
  for (const [from, to] of [
    ['2025-03-04', '2025-03-03'],
    ['2025-03-03T12:00:00Z', '2025-03-03T11:59:59.999Z'],
    ['2025-03-04', '2025-03-03T23:59:59.999Z'],
    ['2025-03-03T00:00:00.001Z', '2025-03-03T02:00:00+02:00'],
  ] as const) {
    const error = t.throws(() => page(catalog, { from, to }), { instanceOf: DomainError });
    t.is(error?.code, 'invalid_range', `${from} .. ${to}`);
  }
});

test('equal bounds and a date-time "to" at the start of the "from" date are a valid range', (t) => {
  t.deepEqual(within({ from: '2025-03-03T00:00:00Z', to: '2025-03-03T00:00:00Z' }), [
    'date-0303',
    'start-0303',
  ]);
  t.deepEqual(within({ from: '2025-03-03', to: '2025-03-03T00:00:00Z' }), ['date-0303', 'start-0303']);
});

test('the query schema refuses bounds that are not a calendar date or a date-time with an offset', (t) => {
  for (const value of ['2025-03-03T12:00:00', '2025-02-30', '2025-3-3', 'yesterday', '1741003200000', '']) {
    t.false(ResetsQuery.safeParse({ from: value }).success, value);
    t.false(ResetsQuery.safeParse({ to: value }).success, value);
  }
  for (const value of ['2024-02-29', '2025-03-03T12:00:00Z', '2025-03-03T12:00:00.5+05:30']) {
    t.true(ResetsQuery.safeParse({ from: value }).success, value);
  }
});

test('an unparseable bound names its parameter', (t) => {
  const error = t.throws(() => parseBound('yesterday', 'to'), { instanceOf: DomainError });
  t.is(error?.code, 'invalid_parameter');
  t.is(error?.parameter, 'to');
});

test('equivalent date-times canonicalise to the same bound', (t) => {
  t.is(
    parseBound('2025-03-03T12:00:00+02:00', 'from').canonical,
    parseBound('2025-03-03T10:00:00.000Z', 'from').canonical,
  );
  t.is(parseBound('2025-03-03', 'from').canonical, 'd:2025-03-03');
  t.not(parseBound('2025-03-03', 'from').canonical, parseBound('2025-03-03T00:00:00Z', 'from').canonical);
});
