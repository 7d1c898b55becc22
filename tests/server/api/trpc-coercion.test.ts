import test from 'ava';
import { withoutGeneratedAt } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

interface TrpcResult {
  result?: { data: { data: unknown[]; meta: { generated_at: string } } };
  error?: unknown;
}

async function rawListResets(url: string, input: string) {
  const response = await fetch(`${url}/api/trpc/listResets?input=${encodeURIComponent(input)}`);
  const body = (await response.json()) as TrpcResult;
  return { status: response.status, data: body.result ? withoutGeneratedAt(body.result.data) : body };
}

// Alone in its file (its own process): trpc-to-openapi coerces the input schemas in place on the first
// REST call, so only here is the first tRPC call sure to come before any REST call.
test(
  'the tRPC endpoint answers the same raw input identically before and after the first REST call',
  withServer,
  async (t, server) => {
    const inputs = ['{"limit":"5"}', '{"limit":5,"order":"asc"}', '{"limit":"abc"}', '{"cursor":"x$"}'];
    const before = [];
    for (const input of inputs) before.push(await rawListResets(server.url, input));

    const rest = await fetch(`${server.url}/api/v1/resets?limit=5`);
    t.is(rest.status, 200);
    await rest.arrayBuffer();

    for (const [index, input] of inputs.entries()) {
      t.deepEqual(await rawListResets(server.url, input), before[index], input);
    }
    t.is(before[0]?.status, 200);
    t.is((before[0]?.data as { data: unknown[] }).data.length, 5, 'a string limit is read as a number');
    t.is(before[2]?.status, 400);
    t.is(before[3]?.status, 400);
  },
);
