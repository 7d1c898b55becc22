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

test('from and to outside the collection’s years are invalid_parameter', withServer, async (t, server) => {
  for (const query of [
    'from=0000-01-01',
    'to=0000-12-31',
    'from=1970-01-01',
    'to=2024-12-31T23:59:59Z',
    'from=2025-01-01T00:30:00%2B01:00',
  ]) {
    const response = await fetch(`${server.url}/api/v1/resets?${query}`);
    const side = query.slice(0, query.indexOf('='));
    await assertProblem(t, response, { status: 400, code: 'invalid_parameter', parameter: side });
  }
  for (const query of ['from=2025-01-01', 'to=9999-12-31', 'from=2025-01-01T00:00:00Z']) {
    t.is((await fetch(`${server.url}/api/v1/resets?${query}`)).status, 200, query);
  }
});
