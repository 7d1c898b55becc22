import type { ExecutionContext } from 'ava';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';
import { AUDIENCE_FILTERS, Problem, WINDOW_FILTERS } from '../../domain/schemas/index.js';
import { BASE_URL } from './fixtures.js';

/** The 15 filter combinations (5 audiences × 3 windows). */
export const FILTER_COMBINATIONS: readonly { audience: AudienceFilter; window: WindowFilter }[] =
  AUDIENCE_FILTERS.flatMap((audience) => WINDOW_FILTERS.map((window) => ({ audience, window })));

/** A URL with a query string built from `params` (in the given order). */
export function urlOf(base: string, path: string, params: Record<string, string | number> = {}): string {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, String(value));
  return url.href;
}

export async function getJson<T = unknown>(url: string): Promise<{ response: Response; body: T }> {
  const response = await fetch(url);
  return { response, body: (await response.json()) as T };
}

/**
 * A plain `fetch` GET with only `If-None-Match`, as a client writes it (fetch itself adds
 * `Cache-Control: no-cache`, which must not stop the origin's 304).
 */
export function revalidate(url: string, ifNoneMatch: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { 'If-None-Match': ifNoneMatch } });
}

export function mediaType(response: Response): string | undefined {
  return response.headers.get('content-type')?.split(';')[0]?.trim();
}

export interface ExpectedProblem {
  readonly status: number;
  readonly code: string;
  /** The parameter at fault; leave out when the problem names none. */
  readonly parameter?: string;
}

/**
 * Asserts an RFC 9457 problem as docs/api-contract.md §7 and docs/product-decisions.md §3 define
 * it: `application/problem+json`, exactly the contract's keys, `type` = `{base}/problems/{code}`.
 * Returns the body.
 */
export async function assertProblem(
  t: ExecutionContext,
  response: Response,
  expected: ExpectedProblem,
  base = BASE_URL,
): Promise<Problem> {
  const body = (await response.json()) as Record<string, unknown>;
  const where = `${response.url} → ${JSON.stringify(body)}`;
  t.is(response.status, expected.status, where);
  t.is(mediaType(response), 'application/problem+json', where);
  const keys = ['type', 'title', 'status', 'code', 'detail', ...(expected.parameter ? ['parameter'] : [])];
  t.deepEqual(Object.keys(body).sort(), keys.sort(), where);
  t.is(body.code, expected.code, where);
  t.is(body.status, expected.status, where);
  t.is(body.parameter, expected.parameter, where);
  t.is(body.type, `${base}/problems/${expected.code}`, where);
  t.true(URL.canParse(String(body.type)), where);
  t.true(typeof body.title === 'string' && body.title.length > 0, where);
  t.true(typeof body.detail === 'string' && body.detail.length > 0, where);
  return Problem.parse(body);
}

/** `meta.generated_at` says when a body was built; with it blanked, bodies built apart compare equal. */
export function withoutGeneratedAt<T extends { meta: { generated_at: string } }>(body: T) {
  return { ...body, meta: { ...body.meta, generated_at: undefined } };
}

/** Runs `fn` until it starts and ends in the same minute: a status body moves with the minute. */
export async function withinOneMinute<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    const minute = Math.floor(Date.now() / 60_000);
    const result = await fn();
    if (Math.floor(Date.now() / 60_000) === minute) return result;
  }
}
