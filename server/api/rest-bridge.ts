import type { OpenApiRouter } from 'trpc-to-openapi';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { Context } from './context.js';

export interface ProcedureResult {
  readonly status: number;
  readonly body: string;
  /** What the procedure threw, when it failed. */
  readonly error: unknown;
}

/** The response trpc-to-openapi's handler writes to: its status and body are all that is kept. */
interface CapturedResponse {
  statusCode: number;
  setHeader(name: string, value: string | readonly string[]): void;
  end(body?: string): void;
}

type NodeHandler = (req: Request, res: CapturedResponse) => Promise<void>;

/** Any origin: trpc-to-openapi reads only the path and query of the request's URL. */
const ORIGIN = 'http://procedures.invalid';

/**
 * Runs a REST path through trpc-to-openapi and hands back its status and body instead of letting it
 * write the socket, so the middleware in front (ETag, conditional GET, CORS, problems, the response
 * cache) sees the real response. This is what trpc-to-openapi's own fetch adapter does (a fetch
 * `Request` in, a response object that collects `statusCode` and `end`), with the handler created once
 * rather than per request: its procedure table is built once, and outside production it does not
 * validate the whole router again for every call.
 */
export function createRestBridge(router: OpenApiRouter) {
  const contexts = new WeakMap<object, Context>();
  const errors = new WeakMap<object, unknown>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => contexts.get(req),
    onError: ({ error, req }: { error: unknown; req: object }) => {
      errors.set(req, error);
    },
  }) as unknown as NodeHandler;

  /** Calls the procedure mounted at `path` (relative to `/api`) with already-read query parameters. */
  return function call(
    path: string,
    query: Record<string, string>,
    context: Context,
  ): Promise<ProcedureResult> {
    const search = new URLSearchParams(query).toString();
    const req = new Request(`${ORIGIN}${path}${search === '' ? '' : `?${search}`}`);
    contexts.set(req, context);
    return new Promise((resolve, reject) => {
      const res: CapturedResponse = {
        statusCode: 200,
        setHeader: () => undefined,
        end: (body = '') => resolve({ status: res.statusCode, body, error: errors.get(req) }),
      };
      handler(req, res).catch(reject);
    });
  };
}

export type RestBridge = ReturnType<typeof createRestBridge>;
