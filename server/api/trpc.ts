import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.js';
import { problemFromError } from '../http/problem-types.js';

/** A procedure's meta: its REST face, and whether its body moves with the clock. */
export interface ProcedureMeta extends OpenApiMeta {
  /** The instant the body is computed for, when it depends on the time of the request. */
  readonly instant?: (now: number) => number;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Subscriptions: a ping keeps proxies from closing a quiet stream, and a client that hears
    // nothing for two of them reconnects (to a live worker, after a reload).
    sse: {
      ping: { enabled: true, intervalMs: 25_000 },
      client: { reconnectAfterInactivityMs: 60_000 },
    },
    // tRPC clients keep tRPC's envelope; the problem the REST interface would send travels in `data`.
    errorFormatter: ({ shape, error, ctx }) => {
      // Without a context (tRPC fails a request before building one: malformed input, a batch over
      // the bound) the type is relative; the endpoint makes it absolute.
      const problem = problemFromError(error, ctx?.origin ?? '');
      return { ...shape, message: problem.detail, data: { ...shape.data, stack: undefined, problem } };
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;
/** Calls procedures in process, as tRPC's server-side caller does: input and output validated. */
export const createCallerFactory = t.createCallerFactory;
