import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../http/problem-types.js';

/** Seconds a client is asked to wait when the alerts' store does not answer. */
const OUTAGE_RETRY_SECONDS = 30;

/** Node's codes of a connection that failed or was lost: the store's server is not there. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when it has no connection to give, or loses the one it has. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error` says the store is not answering, rather than that a request to it was wrong: a
 * connection refused or lost, PostgreSQL's classes 08 (connection exception), 57P (shutting down,
 * cannot connect now) and 53300 (too many connections), SQLite's busy or I/O failures.
 */
function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code))
      return code.startsWith('08') || code.startsWith('57P') || code === '53300';
    if (NETWORK_CODES.has(code) || /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL)/.test(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isStoreOutage);
  return LOST_CONNECTION.test(error.message);
}

/**
 * An outage of the alerts' store, as requests see it: a request that finds the store not answering
 * gets 503 `alerts_unavailable` with `Retry-After` instead of a 500, and the log says once that the
 * outage began (with its cause) and once that it ended (the next write that succeeded), rather than
 * a stack trace per request.
 */
export class StoreOutage {
  #down = false;
  readonly #logger: Logger;
  readonly #origin: string;

  constructor(logger: Logger, origin: string) {
    this.#logger = logger;
    this.#origin = origin;
  }

  /** The problem that answers `error` when it is an outage (logged if it begins one); null otherwise. */
  problemFor(error: unknown): HttpProblem | null {
    if (!isStoreOutage(error)) return null;
    if (!this.#down) {
      this.#down = true;
      this.#logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'alerts: the store does not answer; alerts requests get 503 until it does',
      );
    }
    return new HttpProblem(
      makeProblem(
        this.#origin,
        'alerts_unavailable',
        'The alerts are not available for a moment: try again.',
      ),
      { headers: { 'Cache-Control': 'no-store', 'Retry-After': String(OUTAGE_RETRY_SECONDS) } },
    );
  }

  /** A write the store took: an outage, if there was one, has ended. */
  answered(): void {
    if (!this.#down) return;
    this.#down = false;
    this.#logger.info('alerts: the store answers again');
  }

  /** For the alerts' paths: a store outage becomes `problemFor`'s answer; a write that succeeds ends it. */
  middleware(): Middleware {
    return async (ctx: Context, next) => {
      if (!ctx.path.includes('/alerts/')) {
        await next();
        return;
      }
      try {
        await next();
      } catch (error) {
        throw this.problemFor(error) ?? error;
      }
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.status < 300) this.answered();
    };
  }
}
