import type { Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';
import type { RouteTable } from './route-table.js';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `Allow` in a stable order (GET, HEAD, …, OPTIONS), whatever order the routes were declared in. */
function allowOf(methods: string): string {
  const listed = new Set(methods.split(',').map((method) => method.trim()));
  const known = ORDER.filter((method) => listed.has(method));
  const others = [...listed].filter((method) => !ORDER.includes(method) && method !== 'OPTIONS');
  return [...known, ...others.sort(), 'OPTIONS'].join(', ');
}

/**
 * `router.allowedMethods()` with the service's answers: a method a known path does not take is the
 * `method_not_allowed` problem with `Allow`; a plain OPTIONS (a CORS preflight is answered before the
 * router) is 204 with `Allow`.
 */
export function allowedMethods(routes: RouteTable, origin: string): Middleware {
  const check = routes.allowedMethods();
  return async (ctx, next) => {
    await check(ctx, next);
    const allowed = ctx.response.get('Allow');
    if (!allowed || (ctx.status !== 405 && ctx.status !== 501 && ctx.method !== 'OPTIONS')) return;
    const allow = allowOf(allowed);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.body = null;
      ctx.set('Allow', allow);
      return;
    }
    const methods = allow.replace(/, OPTIONS$/, '').split(', ');
    const detail = `${ctx.method} is not allowed here; use ${methods.join(' or ')}.`;
    throw new HttpProblem(makeProblem(origin, 'method_not_allowed', detail), {
      headers: { Allow: allow },
    });
  };
}
