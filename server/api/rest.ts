import type { AnyTRPCProcedure } from '@trpc/server';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { PAGE_LIMIT, isPublishedRecord } from '../../domain/schemas/index.js';
import { MINUTE_MS } from '../../domain/time.js';
import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { etagFor } from '../http/etag.js';
import { HttpProblem } from '../http/http-problem.js';
import { problemFromError } from '../http/problem-types.js';
import { readQuery } from '../http/query.js';
import type { Context } from './context.js';
import type { AppRouter } from './procedures.js';
import type { ProcedureMeta } from './trpc.js';
import { createCallerFactory } from './trpc.js';

/**
 * The REST face of the procedures, in one place: the operations (read from the procedures' OpenAPI
 * meta: trpc-to-openapi makes the document from the same meta), the per-process response cache, the
 * call through tRPC's server-side caller (input and output validated by the procedures' Zod schemas)
 * and the Koa handler that answers with the cached bytes, their ETag and the next page's `Link`.
 */

/** Where the REST operations live: the paths of the procedures' OpenAPI meta are relative to this. */
export const REST_PREFIX = '/api';

export interface RestOperation {
  readonly operationId: string;
  /** The public path, `REST_PREFIX` plus the path of the procedure's OpenAPI meta. */
  readonly path: string;
  /** The path of the procedure's OpenAPI meta, relative to `REST_PREFIX` (the document's key). */
  readonly procedurePath: string;
  /** The procedure's name in the router. */
  readonly procedure: string;
  /** Query parameters the operation takes; anything else is refused. `null`: the query is ignored. */
  readonly params: ReadonlySet<string> | null;
  /** Pages through a `cursor` input: the response names the next page in a `Link` header. */
  readonly paginated: boolean;
  /** The instant the body is computed for, when it moves with the clock (the cache keys on it). */
  readonly instant: ((now: number) => number) | null;
}

function paramsOf(input: unknown): ReadonlySet<string> | null {
  let schema = input;
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodDefault) schema = schema.unwrap();
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  // docs/api-contract.md §4.3: an operation without parameters has no 400 response; a query string
  // (say, a cache buster) is ignored.
  return null;
}

/** The REST operations, read from the procedures' OpenAPI meta and input schemas. */
export function restOperations(router: AppRouter): readonly RestOperation[] {
  return Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>).flatMap(
    ([name, procedure]) => {
      const meta = procedure._def.meta as ProcedureMeta | undefined;
      if (!meta?.openapi) return [];
      const { path, operationId } = meta.openapi;
      const params = paramsOf(procedure._def.inputs[0]);
      const paginated = params?.has('cursor') === true;
      return [
        {
          operationId: operationId ?? path,
          path: `${REST_PREFIX}${path}`,
          procedurePath: path,
          procedure: name,
          params,
          paginated,
          instant: meta.instant ?? null,
        },
      ];
    },
  );
}

export interface CachedResponse {
  /** The encoded body: written as it is, never encoded again per request. */
  readonly body: Buffer;
  readonly etag: string;
  /** The next page's cursor, as the procedure gave it, for the `Link` header; null when none. */
  readonly nextCursor?: string | null;
}

/** The per-process cache of successful API responses (REST and tRPC's, keyed apart). */
export class ResponseCache {
  readonly #entries: LRUCache<string, CachedResponse>;

  /** Bounded in entries and in bytes: 2,000 pages of 100 events would otherwise hold ~250 MB. */
  constructor(options: { readonly maxEntries?: number; readonly maxBytes?: number } = {}) {
    this.#entries = new LRUCache<string, CachedResponse>({
      max: options.maxEntries ?? 2000,
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (response) => Math.max(1, response.body.length),
      ttl: MINUTE_MS,
    });
  }

  /**
   * Everything a body depends on: the snapshot's revision and state, the resource and its canonical
   * input, and the instant the body is computed for when it moves with the clock.
   */
  static key(snapshot: ContentSnapshot, resource: string, canonical: string, instant: number | null): string {
    const revision = snapshot.directory?.revision ?? '-';
    return `${revision}|${snapshot.state}|${resource}?${canonical}${instant === null ? '' : `|${instant}`}`;
  }

  get(key: string): CachedResponse | undefined {
    return this.#entries.get(key);
  }

  set(key: string, response: CachedResponse): void {
    this.#entries.set(key, response);
  }
}

/** One REST request, read: what its response depends on, and its cache key. */
export interface RestRequest {
  readonly operation: RestOperation;
  readonly params: Record<string, string>;
  readonly context: Context;
  readonly key: string;
}

export interface RestResponderOptions {
  readonly router: AppRouter;
  readonly content: ContentState;
  readonly clock: () => number;
  readonly origin: string;
  readonly cache: ResponseCache;
}

type Call = (input: unknown) => Promise<unknown>;

/** Each published record's JSON text, written on first use; held weakly, so a replaced revision's go. */
const recordTexts = new WeakMap<object, string>();

/** A value `JSON.stringify` leaves out of an object and writes as `null` in an array. */
const omitted = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * `JSON.stringify(body)`, the same text, with each published record (domain/schemas/event.ts: frozen,
 * validated once per content revision) written from its text of an earlier response: a page of twenty
 * records costs a join, not a serialization of each. A value with a `toJSON` is left to
 * `JSON.stringify`, as is everything but plain objects and arrays.
 */
export function bodyJson(value: unknown): string {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value) ?? 'null';
  if (isPublishedRecord(value)) {
    let text = recordTexts.get(value);
    if (text === undefined) recordTexts.set(value, (text = JSON.stringify(value)));
    return text;
  }
  if (Array.isArray(value))
    return `[${(value as unknown[]).map((item) => (omitted(item) ? 'null' : bodyJson(item))).join(',')}]`;
  const members: string[] = [];
  for (const [key, item] of Object.entries(value))
    if (!omitted(item)) members.push(`${JSON.stringify(key)}:${bodyJson(item)}`);
  return `{${members.join(',')}}`;
}

/** Answers REST operations from the response cache, or through their procedure on a miss. */
export function createRestResponder(options: RestResponderOptions) {
  const { cache, origin } = options;
  const createCaller = createCallerFactory(options.router);
  const inflight = new Map<string, Promise<CachedResponse>>();
  return {
    /** Reads the content snapshot and the clock once: the key and the procedure see the same. */
    request(operation: RestOperation, params: Record<string, string>, canonical: string): RestRequest {
      const snapshot = options.content.snapshot;
      const now = options.clock();
      const key = ResponseCache.key(snapshot, operation.path, canonical, operation.instant?.(now) ?? null);
      return { operation, params, context: { snapshot, now, origin }, key };
    },

    cached(request: RestRequest): CachedResponse | undefined {
      return cache.get(request.key);
    },

    /**
     * Runs the procedure and caches its 200; a failure is thrown as the problem boundary expects it.
     * Requests that miss the same key while it runs share its run: after a republish every open
     * status stream asks for the same body at once.
     */
    produce(request: RestRequest): Promise<CachedResponse> {
      let running = inflight.get(request.key);
      if (!running) {
        running = run(request).finally(() => inflight.delete(request.key));
        inflight.set(request.key, running);
      }
      return running;
    },
  };

  async function run({ operation, params, context, key }: RestRequest): Promise<CachedResponse> {
    let output: unknown;
    try {
      const procedure = (createCaller(context) as unknown as Record<string, Call>)[operation.procedure]!;
      output = await procedure(operation.params ? params : undefined);
    } catch (error) {
      const problem = problemFromError(error, origin);
      // An unexpected failure goes to the boundary as it is, so it is logged; the client gets the bare 500.
      if (problem.code === 'internal_error') throw error;
      throw new HttpProblem(problem);
    }
    const text = bodyJson(output);
    // A buffer of its own: a small one cut from Node's shared pool would keep the whole pool slab
    // alive for as long as the cache keeps this response.
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    body.write(text);
    const nextCursor = operation.paginated
      ? ((output as { pagination?: { next_cursor?: string | null } }).pagination?.next_cursor ?? null)
      : null;
    const response = { body, etag: etagFor(body), nextCursor };
    cache.set(key, response);
    return response;
  }
}

export type RestResponder = ReturnType<typeof createRestResponder>;

const NO_QUERY = { params: {}, canonical: '' } as const;

/**
 * An operation's query read strictly (server/http/query.ts): `query` makes it from the request (a
 * query string, a tool call's arguments) given the parameters the operation takes. An operation
 * without parameters ignores its query (docs/api-contract.md §4.3), and `query` is not called.
 */
export function readOperationQuery(
  operation: RestOperation,
  query: (allowed: ReadonlySet<string>) => URLSearchParams,
  origin: string,
): { readonly params: Record<string, string>; readonly canonical: string } {
  return operation.params ? readQuery(query(operation.params), operation.params, origin) : NO_QUERY;
}

/** docs/api-contract.md §8: the `limit` default, repeated in the next link so a client keeps its page size. */
const DEFAULT_LIMIT = String(PAGE_LIMIT.default);

/**
 * The handler of one REST operation: strict query reading, then the response cache or, on a miss,
 * the procedure. The ETag is set here (it leaves out `generated_at`, so every process gives the same
 * tag); the conditional GET (koa-conditional-get, with the freshness of server/http/preconditions.ts)
 * turns a match into 304. A page names the next one in an RFC 8288 `Link`: its cursor and the same
 * `limit` (the cursor carries the rest).
 */
export function restHandler(operation: RestOperation, responder: RestResponder, origin: string): Middleware {
  return async (ctx) => {
    const { params, canonical } = readOperationQuery(
      operation,
      () => new URLSearchParams(ctx.querystring),
      origin,
    );
    const request = responder.request(operation, params, canonical);
    const response = responder.cached(request) ?? (await responder.produce(request));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.etag = response.etag;
    if (response.nextCursor) {
      const query = new URLSearchParams({
        cursor: response.nextCursor,
        limit: params['limit'] ?? DEFAULT_LIMIT,
      });
      ctx.set('Link', `<${origin}${operation.path}?${query.toString()}>; rel="next"`);
    }
    ctx.body = response.body;
  };
}
