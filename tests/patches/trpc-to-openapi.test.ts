import test from 'ava';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { z } from 'zod';

/**
 * patches/trpc-to-openapi+3.3.0.patch: the node-http handler works out each procedure's input schema
 * once (unwrapping, array keys, coercion) instead of on every request. Counted through the schema's
 * `shape`, which that work reads.
 */
test('trpc-to-openapi prepares a procedure’s input schema once, not on every request', async (t) => {
  const input = z.object({
    limit: z.number().int().optional(),
    tags: z.array(z.string()).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  });
  const { shape } = input;
  let reads = 0;
  Object.defineProperty(input, 'shape', {
    get: () => {
      reads += 1;
      return shape;
    },
  });
  const tr = initTRPC.meta<OpenApiMeta>().create();
  const router = tr.router({
    list: tr.procedure
      .meta({ openapi: { method: 'GET', path: '/list' } })
      .input(input)
      .output(z.object({ limit: z.number().nullable(), tags: z.array(z.string()) }))
      .query(({ input: given }) => ({ limit: given.limit ?? null, tags: given.tags ?? [] })),
  });
  const handler = createOpenApiNodeHttpHandler({ router }) as unknown as (
    req: unknown,
    res: unknown,
  ) => Promise<void>;
  const call = (query: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const res = {
        statusCode: 200,
        setHeader: () => undefined,
        end: (body: string) => resolve({ status: res.statusCode, body }),
      };
      handler(new Request(`http://test/list?${query}`), res).catch(reject);
    });

  t.deepEqual(await call('limit=5&tags=a'), { status: 200, body: '{"limit":5,"tags":["a"]}' });
  const afterFirst = reads;
  for (let i = 0; i < 5; i += 1) {
    t.deepEqual(await call('limit=7&tags=b&order=asc'), { status: 200, body: '{"limit":7,"tags":["b"]}' });
  }
  t.is(reads, afterFirst, `the schema was worked out again on later requests (${reads - afterFirst} reads)`);
});
