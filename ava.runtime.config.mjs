import base from './ava.config.mjs';

/**
 * The tests whose outcome can depend on the Node version that runs them (`npm run test:runtime`):
 * every ava test but the browser's and the static checks'. Chromium sees the same bytes whichever
 * Node serves them, and ESLint, Prettier and the OpenAPI linters read the same files to the same
 * verdict, so CI runs those once, with the whole suite on Node 24 (docs/testing.md).
 */
export default () => {
  const config = base();
  return { ...config, files: [...config.files, '!tests/browser/**', '!tests/static/**'] };
};
