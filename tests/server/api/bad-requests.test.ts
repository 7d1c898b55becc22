import test from 'ava';
import type { ResetsResponse } from '../../../domain/schemas/index.js';
import type { ExpectedProblem } from '../../helpers/api.js';
import { assertProblem, getJson, urlOf } from '../../helpers/api.js';
import { usingServer } from '../../helpers/with-server.js';

type Query = readonly (readonly [string, string])[];

/** The query as a reader would write it, with long values cut short. */
function show(query: Query): string {
  return query
    .map(([name, value]) => `${name}=${value.length > 40 ? `${value.slice(0, 10)}…` : value}`)
    .join('&');
}

function describe({ status, code, parameter }: ExpectedProblem): string {
  return `${status} ${code}${parameter ? ` (${parameter})` : ''}`;
}

/** The request is refused with the problem docs/api-contract.md §7 and docs/product-decisions.md §3 name. */
const refused = test.macro<[string, Query, ExpectedProblem]>({
  async exec(t, path: string, query: Query, expected: ExpectedProblem) {
    await usingServer({}, async (server) => {
      const url = new URL(path, server.url);
      for (const [name, value] of query) url.searchParams.append(name, value);
      await assertProblem(t, await fetch(url), expected);
    });
  },
  title: (given, path, query, expected) => given ?? `${path}?${show(query)} → ${describe(expected)}`,
});

const RESETS = '/api/v1/resets';
const STATUS = '/api/v1/status';
const invalid = (parameter: string) => ({ status: 400, code: 'invalid_parameter', parameter });
const badCursor = { status: 400, code: 'invalid_cursor', parameter: 'cursor' };

test(refused, RESETS, [['limit', '0']], invalid('limit'));
test(refused, RESETS, [['limit', '101']], invalid('limit'));
test(refused, RESETS, [['limit', 'abc']], invalid('limit'));
test(refused, RESETS, [['limit', '1.5']], invalid('limit'));
test(refused, RESETS, [['limit', '']], invalid('limit'));
test(refused, RESETS, [['order', 'up']], invalid('order'));
test(refused, RESETS, [['audience', 'free']], invalid('audience'));
test(refused, RESETS, [['window', 'daily']], invalid('window'));
test(refused, RESETS, [['from', '2025-13-01']], invalid('from'));
test(refused, RESETS, [['from', '2025-02-30']], invalid('from'));
test(refused, RESETS, [['to', 'yesterday']], invalid('to'));
test(
  'a from date-time without Z or offset is invalid_parameter',
  refused,
  RESETS,
  [['from', '2025-03-03T10:00:00']],
  invalid('from'),
);
test(
  'a to date-time without Z or offset is invalid_parameter',
  refused,
  RESETS,
  [['to', '2025-03-03T10:00:00']],
  invalid('to'),
);
test(refused, RESETS, [['cursor', 'abc$def']], badCursor);
test(refused, RESETS, [['cursor', 'abc.def']], badCursor);
test(
  'a cursor longer than 1024 characters is invalid_cursor',
  refused,
  RESETS,
  [['cursor', 'a'.repeat(1025)]],
  badCursor,
);
test(refused, RESETS, [['cursor', 'WzEsInJldiJd']], badCursor);
test(
  refused,
  RESETS,
  [
    ['from', '2025-03-05'],
    ['to', '2025-03-01'],
  ],
  { status: 400, code: 'invalid_range' },
);
test(
  'from after to on the same day is invalid_range and names no parameter',
  refused,
  RESETS,
  [
    ['from', '2025-03-03T12:00:00Z'],
    ['to', '2025-03-03T13:00:00+02:00'],
  ],
  { status: 400, code: 'invalid_range' },
);
test(refused, RESETS, [['foo', '1']], { status: 400, code: 'unknown_parameter', parameter: 'foo' });
test('parameter names are case-sensitive', refused, RESETS, [['Limit', '5']], {
  status: 400,
  code: 'unknown_parameter',
  parameter: 'Limit',
});
test(
  refused,
  RESETS,
  [
    ['limit', '5'],
    ['limit', '5'],
  ],
  { status: 400, code: 'repeated_parameter', parameter: 'limit' },
);

test(refused, STATUS, [['audience', 'free']], invalid('audience'));
test(refused, STATUS, [['window', 'daily']], invalid('window'));
test(refused, STATUS, [['audience', '']], invalid('audience'));
test(refused, STATUS, [['limit', '5']], { status: 400, code: 'unknown_parameter', parameter: 'limit' });
test(
  refused,
  STATUS,
  [
    ['window', 'weekly'],
    ['window', 'five_hour'],
  ],
  { status: 400, code: 'repeated_parameter', parameter: 'window' },
);

for (const path of ['/api/v1/nope', '/api/v2/status', '/api/', '/api/v1/status/extra']) {
  test(`an unknown path ${path} is 404 not_found`, refused, path, [], { status: 404, code: 'not_found' });
}

test('a tampered cursor is invalid_cursor', async (t) => {
  await usingServer({}, async (server) => {
    const { body } = await getJson<ResetsResponse>(urlOf(server.url, RESETS, { limit: 1 }));
    const cursor = body.pagination.next_cursor!;
    const at = Math.floor(cursor.length / 2);
    const tampered = cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
    await assertProblem(t, await fetch(urlOf(server.url, RESETS, { cursor: tampered })), badCursor);
  });
});

test('a cursor sent with a different order, audience, window, from or to is invalid_cursor', async (t) => {
  await usingServer({}, async (server) => {
    const query = { order: 'desc', audience: 'all', window: 'any', from: '2025-01-01', to: '2026-12-31' };
    const { body } = await getJson<ResetsResponse>(urlOf(server.url, RESETS, { ...query, limit: 1 }));
    const cursor = body.pagination.next_cursor!;
    const changes = [
      { order: 'asc' },
      { audience: 'max' },
      { window: 'weekly' },
      { from: '2025-02-01' },
      { to: '2026-06-01' },
    ];
    for (const change of changes) {
      const response = await fetch(urlOf(server.url, RESETS, { ...query, ...change, cursor }));
      await assertProblem(t, response, badCursor);
    }
    const unchanged = await fetch(urlOf(server.url, RESETS, { ...query, cursor, limit: 2 }));
    t.is(unchanged.status, 200, 'the same query repeated unchanged is accepted');
    const omitted = await fetch(urlOf(server.url, RESETS, { cursor }));
    t.is(omitted.status, 200, 'the query may be left out: the cursor carries it');
  });
});

test('sources take no parameters and ignore a query string (docs/api-contract.md §4.3: no 400)', async (t) => {
  await usingServer({}, async (server) => {
    const response = await fetch(`${server.url}/api/v1/sources?cache_buster=1&cache_buster=2`);
    t.is(response.status, 200);
  });
});
