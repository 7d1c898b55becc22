import { createHash } from 'node:crypto';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { CursorState } from '../../domain/cursor.js';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { DomainError } from '../../domain/errors.js';
import { ResetsQuery } from '../../domain/schemas/index.js';
import type { ResetsQueryInput } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';
import { page } from '../helpers/pages.js';

const STATE: CursorState = {
  revision: 'rev-1',
  query: { order: 'asc', audience: 'max', window: 'weekly', from: 'd:2025-03-01', to: 't:1741046399999' },
  position: { key: 1740998400000, id: '2025-03-03-reset' },
};

// event-4 is five-hour only and event-5 for Pro only, so QUERY below leaves them out.
const catalog = catalogOf(
  Array.from({ length: 9 }, (_, i) => {
    const overrides =
      i === 4
        ? { windows: ['five_hour' as const] }
        : i === 5
          ? {
              audience: {
                scope: 'limited' as const,
                statement: 'Pro',
                plans: ['pro' as const],
                exclusions: null,
              },
            }
          : {};
    return i % 3 === 2
      ? dateEvent(`event-${i}`, `2025-03-0${i + 1}`, overrides)
      : exactEvent(`event-${i}`, `2025-03-0${i + 1}T12:00:00Z`, overrides);
  }),
);

function expectInvalidCursor(t: ExecutionContext, run: () => unknown, message?: string) {
  const error = t.throws(run, { instanceOf: DomainError }, message);
  t.is(error?.code, 'invalid_cursor', message);
  t.is(error?.parameter, 'cursor', message);
}

test('a cursor decodes to the state it was encoded from', (t) => {
  t.deepEqual(decodeCursor(encodeCursor(STATE)), STATE);
  const open = { ...STATE, query: { ...STATE.query, from: null, to: null } };
  t.deepEqual(decodeCursor(encodeCursor(open)), open);
});

test('a cursor is opaque base64url that the query schema accepts', (t) => {
  const cursor = encodeCursor(STATE);
  t.regex(cursor, /^[A-Za-z0-9_-]+$/);
  t.true(cursor.length <= 1024);
  t.true(ResetsQuery.safeParse({ cursor }).success);
});

test('changing any single character of a cursor makes it invalid', (t) => {
  const cursor = encodeCursor(STATE);
  for (let i = 0; i < cursor.length; i += 1) {
    const flipped = cursor[i] === 'A' ? 'B' : 'A';
    expectInvalidCursor(t, () => decodeCursor(cursor.slice(0, i) + flipped + cursor.slice(i + 1)), `at ${i}`);
  }
});

test('truncated, extended and made-up cursors are invalid', (t) => {
  const cursor = encodeCursor(STATE);
  for (const bad of [
    'a',
    'abcdefghijk',
    'abcdefghijkl',
    cursor.slice(0, -1),
    cursor.slice(1),
    `${cursor}A`,
  ]) {
    expectInvalidCursor(t, () => decodeCursor(bad), bad);
  }
  for (const bad of ['', 'a b', 'abc=', 'a'.repeat(1025)])
    t.false(ResetsQuery.safeParse({ cursor: bad }).success);
});

test('a cursor whose checksum matches but whose payload is not a cursor is invalid', (t) => {
  const forge = (payload: string) => {
    const encoded = Buffer.from(payload).toString('base64url');
    return encoded + createHash('sha256').update(encoded).digest('base64url').slice(0, 11);
  };
  t.notThrows(() => decodeCursor(forge(JSON.stringify([1, 'r', 'asc', 'all', 'any', null, null, 0, 'x']))));
  for (const payload of [
    'not json',
    '{}',
    '[2,"r","asc","all","any",null,null,0,"x"]',
    '[1,"r","up","all","any",null,null,0,"x"]',
  ]) {
    expectInvalidCursor(t, () => decodeCursor(forge(payload)), payload);
  }
  expectInvalidCursor(t, () =>
    page(catalog, { cursor: forge('[1,"r","asc","all","any","d:nope",null,0,"x"]') }),
  );
});

test('listResets refuses a tampered cursor with invalid_cursor', (t) => {
  const cursor = page(catalog, { limit: 2 }).pagination.next_cursor!;
  const tampered = cursor.slice(0, 5) + (cursor[5] === 'x' ? 'y' : 'x') + cursor.slice(6);
  expectInvalidCursor(t, () => page(catalog, { cursor: tampered }));
});

const QUERY = {
  order: 'asc',
  audience: 'max',
  window: 'weekly',
  from: '2025-03-02',
  to: '2025-03-08T23:00:00Z',
} as const satisfies ResetsQueryInput;

test('a cursor carries its query: later pages need only the cursor', (t) => {
  const all = page(catalog, { ...QUERY, limit: 100 }).data.map((event) => event.id);
  t.deepEqual(all, ['event-1', 'event-2', 'event-3', 'event-6', 'event-7']);
  const first = page(catalog, { ...QUERY, limit: 2 });
  const second = page(catalog, { cursor: first.pagination.next_cursor!, limit: 2 });
  t.deepEqual(
    [...first.data, ...second.data].map((event) => event.id),
    all.slice(0, 4),
  );
});

test('repeating the query unchanged alongside its cursor gives the same page', (t) => {
  const cursor = page(catalog, { ...QUERY, limit: 2 }).pagination.next_cursor!;
  t.deepEqual(page(catalog, { ...QUERY, cursor, limit: 3 }), page(catalog, { cursor, limit: 3 }));
  t.deepEqual(
    page(catalog, { cursor, limit: 3, from: '2025-03-02', to: '2025-03-09T01:00:00+02:00' }),
    page(catalog, { cursor, limit: 3 }),
  );
});

test('a cursor given with a different order, filter or bound is invalid_cursor', (t) => {
  const cursor = page(catalog, { ...QUERY, limit: 2 }).pagination.next_cursor!;
  const changes: ResetsQueryInput[] = [
    { order: 'desc' },
    { audience: 'all' },
    { audience: 'pro' },
    { window: 'any' },
    { window: 'five_hour' },
    { from: '2025-03-01' },
    { from: '2025-03-02T00:00:00Z' },
    { to: '2025-03-08' },
    { to: '2025-03-08T23:00:00.001Z' },
  ];
  for (const change of changes)
    expectInvalidCursor(t, () => page(catalog, { cursor, ...change }), JSON.stringify(change));
});

test('a cursor of a query without bounds refuses bounds added later', (t) => {
  const cursor = page(catalog, { limit: 2 }).pagination.next_cursor!;
  expectInvalidCursor(t, () => page(catalog, { cursor, from: '2025-03-01' }));
  expectInvalidCursor(t, () => page(catalog, { cursor, to: '2025-03-09' }));
  t.notThrows(() => page(catalog, { cursor, order: 'desc', audience: 'all', window: 'any' }));
});

test('the limit may change from page to page', (t) => {
  const first = page(catalog, { order: 'asc', limit: 1 });
  const second = page(catalog, { cursor: first.pagination.next_cursor!, limit: 5 });
  const third = page(catalog, { cursor: second.pagination.next_cursor!, limit: 100 });
  t.deepEqual(
    [first, second, third].map((p) => p.data.length),
    [1, 5, 3],
  );
  t.deepEqual(third.pagination, { has_more: false, next_cursor: null, revision_changed: false });
});

test('a page that ends exactly at the last event has no next cursor', (t) => {
  const full = page(catalog, { limit: 9 });
  t.is(full.data.length, 9);
  t.deepEqual(full.pagination, { has_more: false, next_cursor: null, revision_changed: false });
  const partial = page(catalog, { limit: 8 });
  t.true(partial.pagination.has_more);
  t.is(typeof partial.pagination.next_cursor, 'string');
});

test('an empty result has no next cursor', (t) => {
  const empty = page(catalogOf([]), {});
  t.deepEqual(empty, {
    data: [],
    pagination: { has_more: false, next_cursor: null, revision_changed: false },
  });
});
