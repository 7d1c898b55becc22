import type { TRPCClient, TRPCLink } from '@trpc/client';
import {
  TRPCClientError,
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
} from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter, ErrorShape, Problem } from './contract.js';

export type * from './contract.js';

/** Calls one request may batch: the service refuses more (`invalid_parameter`). */
const MAX_BATCH_CALLS = 10;
/** Batched GETs stay well under the 16 KB the service reads of a request's target and headers. */
const MAX_URL_LENGTH = 8000;

/** A call the service refused: `problem` is what the REST face sends for the same mistake. */
export class ResetTrackerError extends TRPCClientError<AppRouter> {
  readonly problem: Problem;

  constructor(cause: TRPCClientError<AppRouter>, shape: ErrorShape) {
    super(cause.message, { result: { error: shape }, cause, ...(cause.meta ? { meta: cause.meta } : {}) });
    // TRPCClientError sets its own prototype in its constructor; give the instance back its class.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ResetTrackerError';
    this.problem = shape.data.problem;
  }

  /** The HTTP status, equal to `problem.status`. */
  get status(): number {
    return this.problem.status;
  }

  /** The problem code (`invalid_parameter`, `rate_limited`, `content_unavailable`, …). */
  get code(): string {
    return this.problem.code;
  }
}

/** Turns every error that carries a problem into a `ResetTrackerError`; others pass as they are. */
function problemLink(): TRPCLink<AppRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error) => {
            const shape = error.shape;
            observer.error(shape?.data.problem ? new ResetTrackerError(error, shape) : error);
          },
        }),
      );
}

export interface ResetTrackerClientOptions {
  /** The service's base address, such as `https://tracker.example`; the client calls `{url}/api/trpc`. */
  readonly url: string;
  /** A `fetch` to use instead of the global one (to add a `User-Agent`, a timeout or a cache). */
  readonly fetch?: NonNullable<Parameters<typeof httpBatchLink>[0]['fetch']>;
  /**
   * The `EventSource` subscriptions use (`onResetStatus`): the global one by default, as browsers have
   * it; on Node, pass one, such as the `eventsource` package's.
   */
  readonly EventSource?: NonNullable<Parameters<typeof httpSubscriptionLink>[0]['EventSource']>;
}

export type ResetTrackerClient = TRPCClient<AppRouter>;

/**
 * A typed client of the service. Queries made in the same tick travel as one batched GET (at most
 * ten calls each), so browsers, proxies and CDNs cache them like the REST responses. Subscriptions
 * (`onResetStatus`) are server-sent events, which reconnect by themselves and resume after the last
 * event received.
 */
export function createResetTrackerClient(options: ResetTrackerClientOptions): ResetTrackerClient {
  const base = options.url.replace(/\/+$/, '');
  return createTRPCClient<AppRouter>({
    links: [
      problemLink(),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${base}/api/trpc`,
          ...(options.EventSource ? { EventSource: options.EventSource } : {}),
        }),
        false: httpBatchLink({
          url: `${base}/api/trpc`,
          maxItems: MAX_BATCH_CALLS,
          maxURLLength: MAX_URL_LENGTH,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      }),
    ],
  });
}
