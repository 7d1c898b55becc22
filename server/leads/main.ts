/**
 * The lead watcher as its own process (the PM2 app `reset-tracker-leads`, ecosystem.config.cjs):
 * polls every source on its interval as long as it holds the store's watcher lease, until SIGINT or
 * SIGTERM.
 */
import { createLogger } from '../logger.js';
import { STOP_WITHIN_MS, openWatcher } from './open-watcher.js';
import { readLeadSettings } from './settings.js';

let settings;
try {
  settings = readLeadSettings(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const log = createLogger(settings.logLevel);
let opened;
try {
  opened = await openWatcher(settings, log);
} catch (error) {
  console.error(`lead watcher not started: ${(error as Error).message}`);
  process.exit(1);
}
opened.watcher.start();
log.info({ sources: settings.sourcesFile }, 'lead watcher started');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    // The watcher ends its requests in flight and polls no further source; should anything still
    // hang, the process ends before PM2's kill_timeout (ecosystem.config.cjs) would kill it.
    setTimeout(() => process.exit(0), STOP_WITHIN_MS).unref();
    void opened.close().finally(() => {
      log.info({ signal }, 'lead watcher stopped');
      log.flush();
      process.stdout.write('', () => process.exit(0));
    });
  });
