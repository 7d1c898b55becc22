import { availableParallelism } from 'node:os';

/**
 * The suite, but Lighthouse: its performance score is a timing measure, taken on its own after the
 * rest (`ava.lighthouse.config.mjs`), not while other browser tests load the same two cores.
 *
 * One test file more at once than the machine has cores: a file waiting on a clock (a lease, a drain,
 * a child process starting) leaves its core to the extra one. On two cores, `test:runtime` took 661 s
 * at three files at once against 743 s at two, the cores 98 % busy (docs/testing.md).
 */
export default {
  files: ['tests/**/*.test.ts', '!tests/browser/lighthouse.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx', '--import=./tests/timing/file-timer.ts'],
  workerThreads: false,
  concurrency: availableParallelism() + 1,
  timeout: '2m',
};
