import test from 'ava';
import type { ExecutionContext } from 'ava';
import { PROBLEM_TYPES } from '../../../server/http/problem-types.js';
import type { OddRequest } from '../../helpers/odd-requests.js';
import { oddRequests } from '../../helpers/odd-requests.js';
import type { RawResponse } from '../../helpers/raw-http.js';
import { sendRaw } from '../../helpers/raw-http.js';
import { usingServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';

/** Requests per seed; `ODD_REQUESTS` raises it for a longer run. */
const PER_SEED = Number(process.env['ODD_REQUESTS'] ?? 1500);
const SEEDS = (process.env['ODD_SEEDS'] ?? '1,2,3').split(',').map(Number);
const PARALLEL = 16;
const PROBLEM_KEYS = new Set(['type', 'title', 'status', 'code', 'detail', 'parameter']);
/** What no response may show: stack frames, source or dependency paths, system file contents. */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\/home\/|\.ts:\d|root:x:0:0|"stack"|TypeError|ReferenceError/;

type Problem = Record<string, unknown>;

function checkProblem(t: ExecutionContext, problem: Problem, status: number, label: string): void {
  t.true(
    Object.keys(problem).every((key) => PROBLEM_KEYS.has(key)),
    `${label}: closed problem ${JSON.stringify(problem)}`,
  );
  const code = String(problem['code']);
  t.true(Object.hasOwn(PROBLEM_TYPES, code), `${label}: code ${code}`);
  if (!Object.hasOwn(PROBLEM_TYPES, code)) return;
  const expected: number = PROBLEM_TYPES[code as keyof typeof PROBLEM_TYPES].status;
  t.is(expected, status, `${label}: the code's status`);
  t.is(problem['status'], status, `${label}: problem status = HTTP status`);
  t.is(problem['type'], `${BASE_URL}/problems/${code}`, label);
}

function checkResponse(t: ExecutionContext, request: OddRequest, response: RawResponse): void {
  const label = `${request.method} ${request.target.slice(0, 200)} → ${response.status}`;
  t.true(response.status >= 100, `${label}: answered`);
  t.true(response.status < 500, `${label}: no 5xx`);
  t.false(LEAK.test(response.body), `${label}: leaks ${response.body.slice(0, 300)}`);
  const path = request.target.split('?')[0] ?? '';
  if (response.status < 400 || !path.startsWith('/api/') || request.method === 'HEAD') return;
  const trpc = path === '/api/trpc' || path.startsWith('/api/trpc/');
  if (trpc && response.headers['content-type']?.startsWith('application/json')) {
    const envelopes = JSON.parse(response.body) as { error?: { data: { problem: Problem } } }[] | object;
    for (const envelope of Array.isArray(envelopes) ? envelopes : [envelopes]) {
      const problem = (envelope as { error?: { data: { problem: Problem } } }).error?.data.problem;
      t.truthy(problem, `${label}: tRPC envelope with a problem`);
      // A batch with some failed calls is 207; each call's problem has its own status.
      if (problem)
        checkProblem(
          t,
          problem,
          response.status === 207 ? Number(problem['status']) : response.status,
          label,
        );
    }
    return;
  }
  t.is(response.headers['content-type'], 'application/problem+json', `${label}: problem+json`);
  checkProblem(t, JSON.parse(response.body) as Problem, response.status, label);
}

for (const seed of SEEDS) {
  test(`seed ${seed}: ${PER_SEED} odd requests get no 5xx, no leak, and closed problems under /api/`, async (t) => {
    const requests = oddRequests(seed, PER_SEED);
    await usingServer({}, async (server) => {
      for (let i = 0; i < requests.length; i += PARALLEL) {
        const batch = requests.slice(i, i + PARALLEL);
        const responses = await Promise.all(batch.map((request) => sendRaw(server.url, request.raw)));
        batch.forEach((request, j) => checkResponse(t, request, responses[j]!));
      }
    });
    t.log(`${requests.length} requests from seed ${seed}`);
  });
}
