/**
 * The lead watcher as its own process (the PM2 app `reset-tracker-leads`, ecosystem.config.cjs):
 * its settings from the environment PM2 gives it, then the one process of ./run-watcher.ts.
 */
import { createLogger } from '../logger.js';
import { runWatcher } from './run-watcher.js';
import { readLeadSettings } from './settings.js';

let settings;
try {
  settings = readLeadSettings(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await runWatcher(settings, createLogger(settings.logLevel));
