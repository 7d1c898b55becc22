import base from './ava.config.mjs';

/** Lighthouse alone (`npm run test:lighthouse`), after the rest of the suite. */
export default () => ({ ...base(), files: ['tests/browser/lighthouse.test.ts'] });
