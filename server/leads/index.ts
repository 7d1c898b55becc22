/**
 * The lead watcher's front door: what the curator's commands (tools/leads.ts, tools/reload.ts) and
 * the leads bench (bench/leads.ts) use of it. They import nothing else of server/leads/
 * (.dependency-cruiser.cjs `leads-through-its-door`); the watcher's process entry is run-watcher.ts.
 */
export type { Answered } from './answered.js';
export { openWatcher } from './open-watcher.js';
export { PoliteClient } from './polite-client.js';
export { PAGES_PER_POLL } from './read-news.js';
export { runWatcher } from './run-watcher.js';
export type { LeadSettings } from './settings.js';
export { readLeadSettings } from './settings.js';
export type { SourceEntry } from './sources-file.js';
export { dailyRequests, intervalMs, readSourcesFile } from './sources-file.js';
export { leadMessage } from './tell-curator.js';
export { Watcher } from './watcher.js';
