/**
 * The local-time script (site-src/pages/local-time.ts): a same-origin file under /assets/ (hashed by
 * assets.ts), on every page. It adds the reader's own time beside each exact UTC time.
 */
export const LOCAL_TIME_JS_PATH = '/assets/local-time.js';
