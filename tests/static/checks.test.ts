import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { outputOf, runToEnd } from '../helpers/run.js';

/**
 * The static checks of `npm test`, each as a developer runs it: the type-check, ESLint,
 * dependency-cruiser, knip (no export that nothing imports; knip.json names the entry points),
 * Prettier and the OpenAPI linters. They run as tests so that they share the cores with the rest of
 * the suite: one after another before it, they kept one core of two busy for about 40 s on Node 24
 * while the other waited.
 *
 * The type-check of the main program (`tsconfig.test.json`: the service, tools, client, benches and
 * tests) is the tsc run `ava.config.mjs` makes before any file starts, which also writes the compiled
 * tests: this file reads its verdict rather than check the program a second time. The two browser
 * programs (`site-src`, with the DOM, and its service worker) are checked here. `npm run typecheck`
 * checks all three, as this file does.
 *
 * Their verdict is the same on any Node, so CI runs them once, with the whole suite on Node 24
 * (`ava.runtime.config.mjs` leaves them out; docs/testing.md).
 */

test('the type-check of tsconfig.test.json, run by ava.config.mjs before the suite, finds nothing', async (t) => {
  const verdict = JSON.parse(await readFile(path.join(ROOT, 'build/tsc-verdict.json'), 'utf8')) as {
    status: number | null;
    output: string;
  };
  t.is(verdict.status, 0, verdict.output);
  t.is(verdict.output, '');
});

const TSC = createRequire(path.join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
for (const project of ['site-src', 'site-src/service-worker']) {
  test(`tsc -p ${project} finds nothing`, async (t) => {
    const run = await runToEnd(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    t.is(run.code, 0, outputOf(run));
  });
}

for (const script of ['lint', 'lint:exports', 'format:check', 'lint:openapi']) {
  test(`npm run ${script} finds nothing`, async (t) => {
    const run = await runToEnd('npm', ['run', '--silent', script], { cwd: ROOT });
    t.is(run.code, 0, outputOf(run));
  });
}
