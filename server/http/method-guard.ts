import type { Context } from 'koa';
import { makeProblem } from '../problems.js';
import { HttpProblem } from './http-problem.js';

/**
 * Refuses methods a read-only resource does not take: 405 with `Allow`. A plain OPTIONS (not a CORS
 * preflight, which is answered earlier) gets 204 with `Allow`. Returns true when it has answered.
 */
export function methodGuard(methods: readonly string[], problemTypeBase: string) {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return (ctx: Context): boolean => {
    if (methods.includes(ctx.method)) return false;
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 204;
      return true;
    }
    throw new HttpProblem(
      makeProblem(
        problemTypeBase,
        'method_not_allowed',
        `${ctx.method} is not allowed here; use ${methods.join(' or ')}.`,
      ),
      { Allow: allow },
    );
  };
}
