import test from 'ava';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';

/**
 * patches/@trpc+server+11.25.2.patch: a procedure call copies its options with native object spread,
 * not the transpiled `_objectSpread2` helper, whose `ownKeys` calls `Object.getOwnPropertySymbols` on
 * every copy. Counted through that function while calls run.
 */
test('a tRPC procedure call copies its options with native spread', async (t) => {
  const tr = initTRPC.context<{ user: string }>().create();
  const withRole = tr.middleware(({ next }) => next({ ctx: { role: 'reader' } }));
  const router = tr.router({
    hello: tr.procedure
      .use(withRole)
      .input(z.object({ name: z.string() }))
      .output(z.object({ greeting: z.string() }))
      .query(({ input, ctx }) => ({ greeting: `${input.name}, ${ctx.user} (${ctx.role})` })),
  });
  const caller = router.createCaller({ user: 'u' });
  t.deepEqual(await caller.hello({ name: 'a' }), { greeting: 'a, u (reader)' });

  const original = Object.getOwnPropertySymbols;
  let copies = 0;
  Object.getOwnPropertySymbols = (value: object) => {
    copies += 1;
    return original(value);
  };
  const results: unknown[] = [];
  try {
    for (let i = 0; i < 5; i += 1) results.push(await caller.hello({ name: 'b' }));
  } finally {
    Object.getOwnPropertySymbols = original;
  }
  t.deepEqual(results.at(-1), { greeting: 'b, u (reader)' });
  t.is(copies, 0, `options were copied through the helper ${copies} times`);
});
