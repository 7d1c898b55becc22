import test from 'ava';
import type { Context, Next } from 'koa';
import { lazyMiddleware } from '../../../server/http/lazy-middleware.js';

const ctx = {} as Context;
const next: Next = () => Promise.resolve();

test('the middleware is built once, on the first request, however many arrive at once', async (t) => {
  let builds = 0;
  const served: number[] = [];
  let built!: () => void;
  const building = new Promise<void>((resolve) => (built = resolve));
  const middleware = lazyMiddleware(async () => {
    builds += 1;
    await building;
    return () => {
      served.push(builds);
    };
  });
  t.is(builds, 0, 'nothing is built before a request');
  const first = [middleware(ctx, next), middleware(ctx, next), middleware(ctx, next)];
  t.is(builds, 1, 'three requests while it builds: one build');
  t.deepEqual(served, [], 'none served before the build ends');
  built();
  await Promise.all(first);
  await middleware(ctx, next);
  t.is(builds, 1);
  t.deepEqual(served, [1, 1, 1, 1]);
});

test('a build that fails fails its request, and the next request builds again', async (t) => {
  let builds = 0;
  const middleware = lazyMiddleware(() => {
    builds += 1;
    if (builds === 1) return Promise.reject(new Error('the module could not load'));
    return Promise.resolve(() => undefined);
  });
  const request = async () => {
    await middleware(ctx, next);
  };
  await t.throwsAsync(request, { message: 'the module could not load' });
  await t.notThrowsAsync(request);
  await t.notThrowsAsync(request);
  t.is(builds, 2);
});
