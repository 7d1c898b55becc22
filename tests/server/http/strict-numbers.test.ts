import test from 'ava';
import { assertProblem } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

const BAD_LIMITS = [
  '0x10',
  '0b11',
  '1e2',
  '100.0',
  ' 5',
  '+5',
  '-5',
  '4.9999999999999999',
  '5 ',
  '٥',
  '00000000005',
];

test(
  'a limit is a plain decimal integer on REST; anything else is invalid_parameter',
  withServer,
  async (t, server) => {
    for (const limit of BAD_LIMITS) {
      const response = await fetch(`${server.url}/api/v1/resets?limit=${encodeURIComponent(limit)}`);
      await assertProblem(t, response, { status: 400, code: 'invalid_parameter', parameter: 'limit' });
    }
    const status = (await (await fetch(`${server.url}/api/v1/status`)).json()) as {
      data: { stats: { total: number } };
    };
    for (const limit of ['1', '05', '100']) {
      const response = await fetch(`${server.url}/api/v1/resets?limit=${limit}`);
      t.is(response.status, 200, limit);
      t.is(
        ((await response.json()) as { data: unknown[] }).data.length,
        Math.min(Number(limit), status.data.stats.total),
        limit,
      );
    }
  },
);

test('the same limits are refused over tRPC, given as strings', withServer, async (t, server) => {
  for (const limit of BAD_LIMITS) {
    const input = encodeURIComponent(JSON.stringify({ limit }));
    const response = await fetch(`${server.url}/api/trpc/listResets?input=${input}`);
    t.is(response.status, 400, limit);
    const { error } = (await response.json()) as {
      error: { data: { problem: { code: string; parameter?: string } } };
    };
    t.like(error.data.problem, { code: 'invalid_parameter', parameter: 'limit' }, limit);
  }
});

/** Bounds that are questions: any calendar date or date-time whose UTC day is 0001-01-01 to 9999-12-31. */
const ACCEPTED_BOUNDS = [
  'from=2024-06-01',
  'to=2024-12-31',
  'from=2000-01-01T00:00:00Z',
  'from=0001-01-01',
  'to=9999-12-31',
  'from=1970-01-01',
  'to=2024-12-31T23:59:59Z',
  'from=2025-01-01T00:30:00%2B01:00',
  'from=0001-01-01T00:00:00Z',
  'to=9999-12-31T23:59:59.999Z',
  'from=2024-02-29',
];
/** Not a calendar date, or a UTC day outside 0001-01-01 to 9999-12-31. */
const REFUSED_BOUNDS = [
  'from=0000-01-01',
  'to=0000-12-31',
  'from=0001-01-01T00:30:00%2B01:00',
  'to=9999-12-31T23:00:00-05:00',
  'from=2025-02-29',
  'from=2025-13-01',
  'to=2025-01-01T12:00:00',
];

test(
  'from and to accept dates and date-times from 0001 to 9999, edges and a leap day among them, on REST and tRPC',
  withServer,
  async (t, server) => {
    for (const query of ACCEPTED_BOUNDS) {
      const rest = await fetch(`${server.url}/api/v1/resets?${query}`);
      t.is(rest.status, 200, query);
      const [side, value] = query.split('=') as [string, string];
      const input = encodeURIComponent(JSON.stringify({ [side]: decodeURIComponent(value) }));
      const trpc = await fetch(`${server.url}/api/trpc/listResets?input=${input}`);
      t.is(trpc.status, 200, `tRPC ${query}`);
    }
    // Before the collection starts: the whole history; after it: nothing.
    const all = (await (await fetch(`${server.url}/api/v1/resets?limit=100`)).json()) as { data: unknown[] };
    const since = (await (await fetch(`${server.url}/api/v1/resets?limit=100&from=2000-01-01`)).json()) as {
      data: unknown[];
    };
    const future = (await (await fetch(`${server.url}/api/v1/resets?from=9999-01-01`)).json()) as {
      data: unknown[];
    };
    t.is(since.data.length, all.data.length);
    t.is(future.data.length, 0);
  },
);

test(
  'a bound that is no date, or whose UTC day is outside 0001 to 9999, is invalid_parameter on REST and tRPC',
  withServer,
  async (t, server) => {
    for (const query of REFUSED_BOUNDS) {
      const response = await fetch(`${server.url}/api/v1/resets?${query}`);
      const [side, value] = query.split('=') as [string, string];
      await assertProblem(t, response, { status: 400, code: 'invalid_parameter', parameter: side });
      const input = encodeURIComponent(JSON.stringify({ [side]: decodeURIComponent(value) }));
      const trpc = await fetch(`${server.url}/api/trpc/listResets?input=${input}`);
      t.is(trpc.status, 400, `tRPC ${query}`);
      const { error } = (await trpc.json()) as {
        error: { data: { problem: { code: string; parameter?: string } } };
      };
      t.like(error.data.problem, { code: 'invalid_parameter', parameter: side }, `tRPC ${query}`);
    }
  },
);
