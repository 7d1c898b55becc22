/**
 * The suite, but Lighthouse: its performance score is a timing measure, taken on its own after the
 * rest (`ava.lighthouse.config.mjs`), not while other browser tests load the same two cores.
 */
export default {
  files: ['tests/**/*.test.ts', '!tests/browser/lighthouse.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx', '--import=./tests/timing/file-timer.ts'],
  workerThreads: false,
  timeout: '2m',
};
