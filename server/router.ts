import { z } from 'zod';
import { buildMeta, getStatus } from '../domain/status.js';
import { listResets } from '../domain/resets.js';
import { DomainError } from '../domain/errors.js';
import type { Catalog } from '../domain/catalog.js';
import {
  ResetsQuery,
  ResetsResponse,
  SourcesResponse,
  StatusQuery,
  StatusResponse,
} from '../domain/schemas/index.js';
import type { Context } from './context.js';
import { trpcErrorFrom } from './problems.js';
import { publicProcedure, router } from './trpc.js';
import { MINUTE_MS } from '../domain/time.js';

function requireCatalog(ctx: Context): Catalog {
  const { catalog } = ctx.snapshot;
  if (!catalog) throw new DomainError('content_unavailable', 'Reset data is temporarily unavailable.');
  return catalog;
}

/** tRPC would report any thrown DomainError as INTERNAL_SERVER_ERROR (HTTP 500); keep its meaning. */
const procedure = publicProcedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw trpcErrorFrom(result.error.cause);
  return result;
});

export const appRouter = router({
  getResetStatus: procedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/status',
        operationId: 'getResetStatus',
        protect: false,
        tags: ['resets'],
        summary: 'Latest reset, announced reset and statistics',
        description:
          'The latest confirmed reset matching the filters (or the candidates when the newest day cannot be ordered), an announced future reset, statistics and metadata.',
      },
    })
    .input(StatusQuery.prefault({}))
    .output(StatusResponse)
    .query(({ input, ctx }) => {
      const catalog = requireCatalog(ctx);
      // `days_since_last` moves by the minute, so every process gives the same body within a minute.
      const minute = Math.floor(ctx.now / MINUTE_MS) * MINUTE_MS;
      return { data: getStatus(catalog, input, minute), meta: buildMeta(catalog, ctx.now) };
    }),

  listResets: procedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/resets',
        operationId: 'listResets',
        protect: false,
        tags: ['resets'],
        summary: 'Counted reset history, paginated',
        description:
          'Qualifying resets (confirmed usage resets) ordered by announcement time with the event id as tie-breaker, paginated by an opaque keyset cursor.',
      },
    })
    .input(ResetsQuery.prefault({}))
    .output(ResetsResponse)
    .query(({ input, ctx }) => {
      const catalog = requireCatalog(ctx);
      return { ...listResets(catalog, input), meta: buildMeta(catalog, ctx.now) };
    }),

  listSources: procedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/sources',
        operationId: 'listSources',
        protect: false,
        tags: ['sources'],
        summary: 'Directory of watched accounts',
        description:
          'The public accounts the tracker watches, with classification, evidence links and review dates.',
      },
    })
    .input(z.void())
    .output(SourcesResponse)
    .query(({ ctx }) => {
      const directory = ctx.snapshot.catalog ?? ctx.snapshot.directory;
      if (!directory)
        throw new DomainError('content_unavailable', 'The sources directory is temporarily unavailable.');
      return { data: [...directory.sources], meta: buildMeta(directory, ctx.now) };
    }),
});

export type AppRouter = typeof appRouter;
