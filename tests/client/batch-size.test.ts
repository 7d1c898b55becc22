import test from 'ava';
import { createResetTrackerClient } from '../../client/src/index.js';
import { MAX_BATCH_CALLS, TRPC_PREFIX } from '../../server/api/trpc-endpoint.js';

/**
 * The published client cannot import the service (client-stands-alone), so it keeps its own count of
 * the calls one GET may batch: this ties it to the service's `MAX_BATCH_CALLS`, past which the
 * service refuses the whole batch (`invalid_parameter`).
 */
test('the client batches as many calls in one GET as the service takes, and no more', async (t) => {
  const batches: number[] = [];
  const client = createResetTrackerClient({
    url: 'http://tracker.test',
    fetch: (input) => {
      const url = new URL(String(input));
      const calls = url.pathname.slice(`${TRPC_PREFIX}/`.length).split(',');
      batches.push(calls.length);
      const body = JSON.stringify(calls.map(() => ({ result: { data: null } })));
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    },
  });
  const queries = MAX_BATCH_CALLS * 2 + 1;
  await Promise.all(
    Array.from({ length: queries }, (_, index) => client.listResets.query({ limit: index + 1 })),
  );
  t.deepEqual(batches, [MAX_BATCH_CALLS, MAX_BATCH_CALLS, 1]);
});
