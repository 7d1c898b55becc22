import { AsyncLocalStorage } from 'node:async_hooks';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.js';
import { problemFromError } from './problems.js';

/** A procedure's meta: its REST face, and whether its body moves with the clock. */
export interface ProcedureMeta extends OpenApiMeta {
  /** The instant the body is computed for, when it depends on the time of the request. */
  readonly instant?: (now: number) => number;
}

/**
 * The problem-type base of the request being answered, for errors tRPC formats before it has built a
 * context (malformed input, a batch over the bound).
 */
export const problemBaseOfRequest = new AsyncLocalStorage<string>();

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // tRPC clients keep tRPC's envelope; the problem the REST interface would send travels in `data`.
    errorFormatter: ({ shape, error, ctx }) => {
      const base = ctx?.problemTypeBase ?? problemBaseOfRequest.getStore() ?? '';
      const problem = problemFromError(error, base);
      return { ...shape, message: problem.detail, data: { ...shape.data, stack: undefined, problem } };
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;
