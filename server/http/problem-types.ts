import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { DomainError } from '../../domain/errors.js';
import type { Problem } from '../../domain/schemas/index.js';
import type { ProblemCode } from '../../domain/schemas/problems.js';
import { PROBLEM_TYPES } from '../../domain/schemas/problems.js';
import { HttpProblem } from './http-problem.js';

export { PROBLEM_TYPES } from '../../domain/schemas/problems.js';
export type { ProblemCode } from '../../domain/schemas/problems.js';

export function isProblemCode(value: string): value is ProblemCode {
  return Object.hasOwn(PROBLEM_TYPES, value);
}

function problemTypeUrl(origin: string, code: ProblemCode): string {
  return `${origin}/problems/${code}`;
}

export function makeProblem(origin: string, code: ProblemCode, detail: string, parameter?: string): Problem {
  const { status, title } = PROBLEM_TYPES[code];
  return {
    type: problemTypeUrl(origin, code),
    title,
    status,
    code,
    detail,
    ...(parameter === undefined ? {} : { parameter }),
  };
}

type ProblemStatus = (typeof PROBLEM_TYPES)[ProblemCode]['status'];

/**
 * The tRPC code of each status a problem has, so tRPC clients see the real failure (not a 500). It
 * names every status of PROBLEM_TYPES and no other: a problem with a new status does not compile
 * until it has its code here. tRPC has no code for 417 and 431; they travel as the client error they
 * are, BAD_REQUEST (the HTTP status stays the problem's own).
 */
const TRPC_CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  417: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  431: 'BAD_REQUEST',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<ProblemStatus, TRPC_ERROR_CODE_KEY>;

/** The tRPC error a domain failure becomes, so tRPC clients see its real status (not a 500). */
export function trpcErrorFrom(error: DomainError): TRPCError {
  const code = TRPC_CODE_BY_STATUS[PROBLEM_TYPES[error.code].status];
  return new TRPCError({ code, message: error.detail, cause: error });
}

/** A problem answered outside tRPC (a method, a rate limit) as the tRPC error that carries it. */
export function trpcErrorFromProblem(problem: Problem): TRPCError {
  const code = TRPC_CODE_BY_STATUS[PROBLEM_TYPES[problem.code].status];
  return new TRPCError({ code, message: problem.detail, cause: new HttpProblem(problem) });
}

interface ZodLikeIssue {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** Set on `unrecognized_keys` issues. */
  readonly keys?: readonly string[];
}

function zodIssues(cause: unknown): readonly ZodLikeIssue[] | null {
  if (cause instanceof Error && Array.isArray((cause as { issues?: unknown }).issues)) {
    return (cause as unknown as { issues: ZodLikeIssue[] }).issues;
  }
  return null;
}

/** The single mapping from anything a procedure throws to the problem a client sees. */
export function problemFromError(error: unknown, origin: string): Problem {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof HttpProblem) return cause.problem;
  if (cause instanceof DomainError) return makeProblem(origin, cause.code, cause.detail, cause.parameter);
  if (error instanceof TRPCError && error.code === 'BAD_REQUEST') {
    const issue = zodIssues(cause)?.[0];
    if (issue) {
      // An unknown key is reported on the object itself (empty path), with the keys listed.
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys ?? [];
        return makeProblem(
          origin,
          'unknown_parameter',
          `${issue.message}.`,
          keys.length === 1 ? keys[0] : undefined,
        );
      }
      const name = issue.path[0];
      if (name === undefined)
        return makeProblem(origin, 'invalid_parameter', `Invalid input: ${issue.message}.`);
      // A cursor that breaks its pattern or length is malformed: the client should drop it, not fix it.
      if (name === 'cursor') {
        return makeProblem(origin, 'invalid_cursor', `The cursor is malformed: ${issue.message}.`, 'cursor');
      }
      return makeProblem(
        origin,
        'invalid_parameter',
        `Invalid value for "${String(name)}": ${issue.message}.`,
        String(name),
      );
    }
  }
  if (error instanceof TRPCError) {
    const { code, message } = error;
    if (code === 'PARSE_ERROR')
      return makeProblem(origin, 'invalid_parameter', `The input is not valid JSON: ${message}`, 'input');
    if (code === 'BAD_REQUEST') return makeProblem(origin, 'invalid_parameter', message);
    if (code === 'NOT_FOUND') return makeProblem(origin, 'not_found', message || 'No such procedure.');
    if (code === 'METHOD_NOT_SUPPORTED')
      return makeProblem(origin, 'method_not_allowed', `${message}; queries take GET.`);
  }
  return makeProblem(origin, 'internal_error', 'The service failed unexpectedly.');
}
