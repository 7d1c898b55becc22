import test from 'ava';
import type { ExecutionContext } from 'ava';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../server/api/procedures.js';
import { getJson, urlOf, withinOneMinute, withoutGeneratedAt } from '../../helpers/api.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { withServer } from '../../helpers/with-server.js';

type Client = ReturnType<typeof createTRPCClient<AppRouter>>;

type StatusBody = Awaited<ReturnType<Client['getResetStatus']['query']>>;

function clientsFor(
  url: string,
  onFetch: () => void = () => undefined,
): { httpLink: Client; httpBatchLink: Client } {
  const counted: typeof fetch = (input, init) => {
    onFetch();
    return fetch(input, init);
  };
  return {
    httpLink: createTRPCClient<AppRouter>({ links: [httpLink({ url: `${url}/api/trpc`, fetch: counted })] }),
    httpBatchLink: createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${url}/api/trpc`, fetch: counted })],
    }),
  };
}

async function rest<T extends { meta: { generated_at: string } }>(url: string) {
  const { response, body } = await getJson<T>(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return withoutGeneratedAt(body);
}

async function trpcProblem(t: ExecutionContext, call: () => Promise<unknown>) {
  const error = await t.throwsAsync(call);
  if (!(error instanceof TRPCClientError)) throw new Error(`not a TRPCClientError: ${String(error)}`);
  return (error as TRPCClientError<AppRouter>).data;
}

test(
  'both links call the three procedures and get the REST data, fully typed',
  withServer,
  async (t, server) => {
    for (const [name, client] of Object.entries(clientsFor(server.url))) {
      const [status, restStatus] = await withinOneMinute(() =>
        Promise.all([
          client.getResetStatus.query({ audience: 'pro', window: 'five_hour' }),
          rest<StatusBody>(urlOf(server.url, '/api/v1/status', { audience: 'pro', window: 'five_hour' })),
        ]),
      );
      // Inferred output types: these assignments only compile if the router's types reach the client.
      const days: number | null = status.data.stats.days_since_last;
      const audience: 'all' | 'broad' | 'max' | 'pro' | 'team' = status.data.filters.audience;
      t.is(audience, 'pro', name);
      t.is(typeof days, 'number', name);
      t.deepEqual(withoutGeneratedAt(status), restStatus, name);

      const page = await client.listResets.query({ limit: 4, order: 'asc', audience: 'max' });
      const cursor: string | null = page.pagination.next_cursor;
      t.deepEqual(
        withoutGeneratedAt(page),
        await rest(urlOf(server.url, '/api/v1/resets', { limit: 4, order: 'asc', audience: 'max' })),
        name,
      );
      const next = await client.listResets.query({ cursor: cursor!, limit: 4 });
      t.deepEqual(
        withoutGeneratedAt(next),
        await rest(urlOf(server.url, '/api/v1/resets', { cursor: cursor!, limit: 4 })),
        name,
      );

      const sources = await client.listSources.query();
      t.deepEqual(withoutGeneratedAt(sources), await rest(`${server.url}/api/v1/sources`), name);
    }
  },
);

test('the batch link sends parallel calls in one request', withServer, async (t, server) => {
  let requests = 0;
  const client = clientsFor(server.url, () => (requests += 1)).httpBatchLink;
  const [status, page, sources] = await Promise.all([
    client.getResetStatus.query({}),
    client.listResets.query({ limit: 2 }),
    client.listSources.query(),
  ]);
  t.is(requests, 1);
  t.is(status.meta.api_version, 'v1');
  t.is(page.data.length, 2);
  t.true(sources.data.length > 0);
});

test('invalid input is refused by the compiler and by the server', withServer, async (t, server) => {
  const client = clientsFor(server.url).httpLink;
  const data = await trpcProblem(t, () =>
    // @ts-expect-error: 'nobody' is not an audience filter; the client's input type says so.
    client.getResetStatus.query({ audience: 'nobody' }),
  );
  t.like(data, { code: 'BAD_REQUEST', httpStatus: 400 });
  t.like(data?.problem, { code: 'invalid_parameter', parameter: 'audience', status: 400 });

  // @ts-expect-error: the output has no such field.
  t.is((await client.listSources.query()).nope, undefined);
});

test('tRPC errors carry the problem code in error.data.problem', withServer, async (t, server) => {
  const client = clientsFor(server.url).httpBatchLink;
  const page = await client.listResets.query({ limit: 1 });
  const cursor = page.pagination.next_cursor!;
  const tampered = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;

  const cases: [() => Promise<unknown>, Record<string, unknown>][] = [
    [() => client.listResets.query({ cursor: tampered }), { code: 'invalid_cursor', parameter: 'cursor' }],
    [
      () => client.listResets.query({ cursor, order: 'asc' }),
      { code: 'invalid_cursor', parameter: 'cursor' },
    ],
    [() => client.listResets.query({ limit: 0 }), { code: 'invalid_parameter', parameter: 'limit' }],
    [
      () => client.listResets.query({ from: '2025-03-03T10:00:00' }),
      { code: 'invalid_parameter', parameter: 'from' },
    ],
    [() => client.listResets.query({ from: '2025-04-01', to: '2025-03-01' }), { code: 'invalid_range' }],
    // @ts-expect-error: the input type has no such key.
    [() => client.listResets.query({ nope: 1 }), { code: 'unknown_parameter', parameter: 'nope' }],
  ];
  for (const [call, expected] of cases) {
    const data = await trpcProblem(t, call);
    t.like(data, { code: 'BAD_REQUEST', httpStatus: 400 });
    t.like(data?.problem, {
      ...expected,
      status: 400,
      type: `${BASE_URL}/problems/${String(expected.code)}`,
    });
    t.is(data?.stack, undefined);
  }
});

test(
  'a limit given as a string is read as a number over tRPC, as over REST',
  withServer,
  async (t, server) => {
    const raw = await fetch(`${server.url}/api/trpc/listResets?input=${encodeURIComponent('{"limit":"5"}')}`);
    t.is(raw.status, 200);
    const body = (await raw.json()) as { result: { data: { data: unknown[] } } };
    t.is(body.result.data.data.length, 5);
  },
);

test(
  'an unknown procedure is a 404 in tRPC’s own envelope, not problem+json',
  withServer,
  async (t, server) => {
    const response = await fetch(`${server.url}/api/trpc/nope`);
    t.is(response.status, 404);
    t.is(response.headers.get('content-type')?.split(';')[0], 'application/json');
    const body = (await response.json()) as { error: { data: { code: string; problem: { code: string } } } };
    t.is(body.error.data.code, 'NOT_FOUND');
    t.is(body.error.data.problem.code, 'not_found');
  },
);
