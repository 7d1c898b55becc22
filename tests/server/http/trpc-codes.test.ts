import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import test from 'ava';
import { DomainError, type DomainErrorCode } from '../../../domain/errors.js';
import {
  makeProblem,
  PROBLEM_TYPES,
  type ProblemCode,
  trpcErrorFrom,
  trpcErrorFromProblem,
} from '../../../server/http/problem-types.js';

/** The statuses tRPC has no code for: they travel as BAD_REQUEST, the client error they are. */
const WITHOUT_TRPC_CODE = new Set([417, 431]);

test('every problem reaches a tRPC client with its own status, none as a 500 it is not', (t) => {
  for (const code of Object.keys(PROBLEM_TYPES) as ProblemCode[]) {
    const { status } = PROBLEM_TYPES[code];
    const expected = WITHOUT_TRPC_CODE.has(status) ? 400 : status;
    const fromProblem = trpcErrorFromProblem(makeProblem('https://example.test', code, 'detail'));
    t.is(getHTTPStatusCodeFromError(fromProblem), expected, `${code} (${status}) as a problem`);
  }
});

test('a domain failure reaches a tRPC client with its problem status', (t) => {
  const codes: DomainErrorCode[] = [
    'invalid_parameter',
    'invalid_cursor',
    'invalid_range',
    'not_found',
    'content_unavailable',
  ];
  for (const code of codes) {
    const error = trpcErrorFrom(new DomainError(code, 'detail'));
    t.is(getHTTPStatusCodeFromError(error), PROBLEM_TYPES[code].status, code);
  }
});
