import { tracked } from '@trpc/server';
import { z } from 'zod';
import { buildMeta, getStatus, statusInstant } from '../../domain/status.js';
import { listResets } from '../../domain/resets.js';
import { DomainError } from '../../domain/errors.js';
import type { Catalog } from '../../domain/catalog.js';
import {
  PublishedBodies,
  ResetsQuery,
  SourcesResponse,
  StatusQuery,
  StatusSubscriptionInput,
} from '../../domain/schemas/index.js';
import type { StatusQuery as StatusFilters } from '../../domain/schemas/index.js';
import type { Context } from './context.js';
import { trpcErrorFrom } from '../http/problem-types.js';
import { publicProcedure, router } from './trpc.js';

/** The bodies carrying records, their records validated when the content was loaded. */
const { StatusResponse, ResetsResponse } = PublishedBodies;

function requireCatalog(ctx: Context): Catalog {
  const { catalog } = ctx.snapshot;
  if (!catalog) throw new DomainError('content_unavailable', 'Reset data is temporarily unavailable.');
  return catalog;
}

/**
 * tRPC would report a thrown DomainError as INTERNAL_SERVER_ERROR (HTTP 500); each resolver keeps its
 * meaning. A wrapper rather than a middleware: each middleware level costs every call two copies of
 * tRPC's call options.
 */
function keepingDomainErrors<Options, Result>(resolve: (options: Options) => Result) {
  return (options: Options): Result => {
    try {
      return resolve(options);
    } catch (error) {
      throw error instanceof DomainError ? trpcErrorFrom(error) : error;
    }
  };
}

/** The status body (`/api/v1/status`) for the filters, at `now`. */
function statusBody(catalog: Catalog, filters: StatusFilters, now: number) {
  return { data: getStatus(catalog, filters, now), meta: buildMeta(catalog, now) };
}

export const appRouter = router({
  getResetStatus: publicProcedure
    .meta({
      instant: statusInstant,
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
    .query(
      keepingDomainErrors(({ input, ctx }) => {
        return statusBody(requireCatalog(ctx), input, ctx.now);
      }),
    ),

  /**
   * The status for the filters at subscription, then again after each republish, as tracked events
   * whose id is the content revision: a client reconnecting with the current revision gets no
   * duplicate. Each event is validated by the status response's schema.
   */
  onResetStatus: publicProcedure.input(StatusSubscriptionInput.prefault({})).subscription(async function* ({
    input,
    ctx,
    signal,
  }) {
    const { live } = ctx;
    if (!live) throw new Error('subscriptions need the live feed in their context');
    requireCatalog(ctx);
    const { lastEventId, ...filters } = input;
    let sent = lastEventId ?? null;
    for await (const snapshot of live.follow(signal ?? new AbortController().signal)) {
      const catalog = snapshot.catalog;
      if (!catalog || catalog.revision === sent) continue;
      sent = catalog.revision;
      yield tracked(catalog.revision, StatusResponse.parse(statusBody(catalog, filters, live.clock())));
    }
  }),

  listResets: publicProcedure
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
    .query(
      keepingDomainErrors(({ input, ctx }) => {
        const catalog = requireCatalog(ctx);
        return { ...listResets(catalog, input), meta: buildMeta(catalog, ctx.now) };
      }),
    ),

  listSources: publicProcedure
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
    .query(
      keepingDomainErrors(({ ctx }) => {
        const { directory } = ctx.snapshot;
        if (!directory)
          throw new DomainError('content_unavailable', 'The sources directory is temporarily unavailable.');
        return { data: [...directory.sources], meta: buildMeta(directory, ctx.now) };
      }),
    ),
});

export type AppRouter = typeof appRouter;
