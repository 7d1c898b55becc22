import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { outputOf, runToEnd } from '../helpers/run.js';

/**
 * The static checks `npm test` makes besides the type-check, each its npm script as a developer runs
 * it: ESLint, dependency-cruiser, Prettier and the OpenAPI linters. They run as tests so that they
 * share the cores with the rest of the suite: one after another before it, they kept one core of
 * two busy for about 40 s on Node 24 while the other waited. The type-check (`npm run typecheck`)
 * still runs first, on its own: it writes the compiled tests the suite runs.
 *
 * Their verdict is the same on any Node, so CI runs them once, with the whole suite on Node 24
 * (`ava.runtime.config.mjs` leaves them out; docs/testing.md).
 */

for (const script of ['lint', 'format:check', 'lint:openapi']) {
  test(`npm run ${script} finds nothing`, async (t) => {
    const run = await runToEnd('npm', ['run', '--silent', script], { cwd: ROOT });
    t.is(run.code, 0, outputOf(run));
  });
}
