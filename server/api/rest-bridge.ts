import type { AnyTRPCProcedure } from '@trpc/server';
import { bodyJson } from './body-json.js';
import type { Context } from './context.js';
import type { AppRouter } from './procedures.js';
import { createCallerFactory } from './trpc.js';
import type { ProcedureMeta } from './trpc.js';

type Call = (input: unknown) => Promise<unknown>;

/**
 * Runs the procedure of a REST path through tRPC's server-side caller, its input and output validated
 * by the procedure's Zod schemas, and hands back the JSON body (or throws what the procedure threw), so the middleware in
 * front (ETag, conditional GET, CORS, problems, the response cache) sees the real response. The paths
 * and their procedures are those of the procedures' OpenAPI meta, as trpc-to-openapi maps them for the
 * document; the query has already been read strictly (server/http/query.ts), and an operation whose
 * procedure takes no input gets none. trpc-to-openapi's own HTTP handler would build a fetch Request,
 * an abort signal and a caller per request on top of the same call.
 */
export function createRestBridge(router: AppRouter) {
  const createCaller = createCallerFactory(router);
  const names = new Map<string, string>();
  for (const [name, procedure] of Object.entries(
    router._def.procedures as Record<string, AnyTRPCProcedure>,
  )) {
    const path = (procedure._def.meta as ProcedureMeta | undefined)?.openapi?.path;
    if (path) names.set(path, name);
  }

  /** Calls the procedure mounted at `path` (relative to `/api`) with already-read query parameters. */
  return async function call(
    path: string,
    query: Record<string, string> | undefined,
    context: Context,
  ): Promise<string> {
    const name = names.get(path);
    if (name === undefined) throw new Error(`no procedure at ${path}`);
    const procedure = (createCaller(context) as unknown as Record<string, Call>)[name]!;
    return bodyJson(await procedure(query));
  };
}

export type RestBridge = ReturnType<typeof createRestBridge>;
