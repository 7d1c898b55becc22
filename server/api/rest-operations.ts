import { z } from 'zod';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { AppRouter } from './procedures.js';
import type { ProcedureMeta } from './trpc.js';

/** Where the REST operations live: the paths of the procedures' OpenAPI meta are relative to this prefix. */
export const REST_PREFIX = '/api';

export interface RestOperation {
  readonly operationId: string;
  /** The public path, `REST_PREFIX` plus the path of the procedure's OpenAPI meta. */
  readonly path: string;
  /** The path of the procedure's OpenAPI meta, relative to `REST_PREFIX`: the REST bridge calls its procedure (./rest-bridge.ts). */
  readonly procedurePath: string;
  /** Query parameters the operation takes; anything else is refused. `null`: the query is ignored. */
  readonly params: ReadonlySet<string> | null;
  /** Pages through a `cursor` input: the response names the next page in a `Link` header. */
  readonly paginated: boolean;
  /** The instant the body is computed for, when it moves with the clock (the response cache keys on it). */
  readonly instant: ((now: number) => number) | null;
}

function paramsOf(input: unknown): ReadonlySet<string> | null {
  let schema = input;
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodDefault) schema = schema.unwrap();
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  // docs/api-contract.md §4.3: an operation without parameters has no 400 response; a query string (say, a cache
  // buster) is ignored.
  return null;
}

/** The REST operations, read from the procedures' OpenAPI meta and input schemas. */
export function restOperations(router: AppRouter): readonly RestOperation[] {
  const procedures = Object.values(router._def.procedures) as AnyTRPCProcedure[];
  return procedures.flatMap((procedure) => {
    const meta = procedure._def.meta as ProcedureMeta | undefined;
    if (!meta?.openapi) return [];
    const { path, operationId } = meta.openapi;
    const params = paramsOf(procedure._def.inputs[0]);
    return [
      {
        operationId: operationId ?? path,
        path: `${REST_PREFIX}${path}`,
        procedurePath: path,
        params,
        paginated: params?.has('cursor') === true,
        instant: meta.instant ?? null,
      },
    ];
  });
}
