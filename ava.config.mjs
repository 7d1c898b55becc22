import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import process from 'node:process';

/**
 * The whole suite, run compiled: before each run, `tsc -p tsconfig.test.json` writes the project's
 * TypeScript to `build/` (incrementally: a run with nothing changed spends about 2 s on it), and
 * `@ava/typescript` runs `build/tests/…/x.test.js` for `tests/…/x.test.ts`, so `npx ava
 * tests/server/http` still names the sources. Loading compiled JavaScript costs a test file about
 * 1.5 CPU seconds less on Node 20 than compiling it in each worker with tsx, and about 0.4 s on
 * Node 24 (docs/testing.md). The commands the tests start from `tools/` run compiled too
 * (`commandLine` in tests/helpers/run.ts). This tsc run is also the suite's type-check of that
 * program: type errors are printed here, the tests run on what tsc wrote, and
 * `tests/static/checks.test.ts` fails on the verdict this leaves in `build/tsc-verdict.json`.
 *
 * One test file more at once than the machine has cores: a file waiting on a clock (a lease, a drain,
 * a child process starting) leaves its core to the extra one. On two cores, `test:runtime` took 661 s
 * at three files at once against 743 s at two, the cores 98 % busy (docs/testing.md).
 */
export default function config() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.test.json'], { encoding: 'utf8' });
  if (compiled.error) throw compiled.error;
  if (compiled.status !== 0) {
    process.stderr.write(compiled.stdout + compiled.stderr);
    process.stderr.write('ava: tsc reported the errors above; the tests run on what it wrote\n');
  }
  writeFileSync(
    'build/tsc-verdict.json',
    JSON.stringify({ status: compiled.status, output: compiled.stdout + compiled.stderr }),
  );
  // The CommonJS modules the TypeScript imports (typed by their .d.cts): tsc writes no copy of them,
  // so the compiled benches and tools would not start (the command-line tests run them compiled).
  for (const file of ['server/node-flags.cjs', 'server/node-flags.json', 'server/settings.cjs'])
    copyFileSync(file, path.join('build', file));
  return {
    files: ['tests/**/*.test.ts'],
    typescript: { rewritePaths: { 'tests/': 'build/tests/' }, compile: false },
    nodeArguments: ['--enable-source-maps', '--import=./build/tests/timing/file-timer.js'],
    workerThreads: false,
    concurrency: availableParallelism() + 1,
    timeout: '2m',
  };
}
