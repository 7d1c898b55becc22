import test from 'ava';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { z } from 'zod';

type NodeHandler = (req: unknown, res: unknown) => Promise<void>;

/**
 * Calls a node-http handler with a response that has only what a GET needs (no `once`/`on`, which
 * making an abort signal would subscribe to), and resolves with what the handler wrote.
 */
function callHandler(handler: NodeHandler, req: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const res = {
      statusCode: 200,
      setHeader: () => undefined,
      end: (body: string) => resolve({ status: res.statusCode, body }),
    };
    handler(req, res).catch(reject);
  });
}

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
  const handler = createOpenApiNodeHttpHandler({ router }) as unknown as NodeHandler;
  const call = (query: string) => callHandler(handler, new Request(`http://test/list?${query}`));

  t.deepEqual(await call('limit=5&tags=a'), { status: 200, body: '{"limit":5,"tags":["a"]}' });
  const afterFirst = reads;
  for (let i = 0; i < 5; i += 1) {
    t.deepEqual(await call('limit=7&tags=b&order=asc'), { status: 200, body: '{"limit":7,"tags":["b"]}' });
  }
  t.is(reads, afterFirst, `the schema was worked out again on later requests (${reads - afterFirst} reads)`);
});

/**
 * patches/trpc-to-openapi+3.3.0.patch: the handler makes a Node request's abort signal only when
 * something reads `info.signal` (making it converts the whole request into a fetch Request), and calls
 * the procedure without building a `createCaller` proxy per request.
 */
test('trpc-to-openapi makes no abort signal nobody reads and builds no caller per request', async (t) => {
  const tr = initTRPC.context<{ user: string }>().meta<OpenApiMeta>().create();
  const router = tr.router({
    hello: tr.procedure
      .meta({ openapi: { method: 'GET', path: '/hello' } })
      .input(z.object({ name: z.string() }))
      .output(z.object({ greeting: z.string() }))
      .query(({ input, ctx }) => ({ greeting: `${input.name} from ${ctx.user}` })),
  });
  let callers = 0;
  const createCaller = router.createCaller.bind(router);
  Object.assign(router, {
    createCaller: (...args: Parameters<typeof createCaller>) => {
      callers += 1;
      return createCaller(...args);
    },
  });
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: () => ({ user: 'ctx' }),
  }) as unknown as NodeHandler;
  // Only what the handler needs of a GET request: no socket.
  const call = (name: string) =>
    callHandler(handler, { method: 'GET', url: `/hello?name=${name}`, headers: {} });

  t.deepEqual(await call('a'), { status: 200, body: '{"greeting":"a from ctx"}' });
  t.deepEqual(await call('b'), { status: 200, body: '{"greeting":"b from ctx"}' });
  t.is(callers, 0, 'a caller was built per request');
});

/**
 * patches/trpc-to-openapi+3.3.0.patch: the node-http handler takes a `responseSerializer` for success
 * and error bodies; without one it sends `JSON.stringify`'s text as before.
 */
test('trpc-to-openapi sends the text a given responseSerializer makes, and JSON.stringify’s without one', async (t) => {
  const tr = initTRPC.meta<OpenApiMeta>().create();
  const router = tr.router({
    echo: tr.procedure
      .meta({ openapi: { method: 'GET', path: '/echo' } })
      .input(z.object({ word: z.string().min(2) }))
      .output(z.object({ word: z.string() }))
      .query(({ input }) => ({ word: input.word })),
  });
  const seen: unknown[] = [];
  const serialized = createOpenApiNodeHttpHandler({
    router,
    responseSerializer: (body) => {
      seen.push(body);
      return `{"serialized":${JSON.stringify(body)}}`;
    },
  }) as unknown as NodeHandler;
  const plain = createOpenApiNodeHttpHandler({ router }) as unknown as NodeHandler;
  const request = (query: string) => ({ method: 'GET', url: `/echo?${query}`, headers: {} });

  t.deepEqual(await callHandler(serialized, request('word=hello')), {
    status: 200,
    body: '{"serialized":{"word":"hello"}}',
  });
  t.deepEqual(seen, [{ word: 'hello' }]);
  t.deepEqual(await callHandler(plain, request('word=hello')), { status: 200, body: '{"word":"hello"}' });

  const failed = await callHandler(serialized, request('word=h'));
  t.is(failed.status, 400);
  t.true(failed.body.startsWith('{"serialized":{'), 'an error body goes through the serializer too');
  t.is(seen.length, 2);
});
