/**
 * The watcher's process, whichever command starts it (the PM2 app's `dist/server/leads/main.js`,
 * `npm run leads -- watch`): opens it, polls every source on its interval as long as it holds the
 * store's lease, and on SIGINT or SIGTERM ends its requests in flight, flushes the log and exits.
 */
import type { Logger } from 'pino';
import { terminalText } from '../../domain/terminal-text.js';
import { STOP_WITHIN_MS, openWatcher } from './open-watcher.js';
import type { LeadSettings } from './settings.js';

export async function runWatcher(
  settings: LeadSettings,
  log: Logger,
  options: { readonly backfill?: boolean } = {},
): Promise<void> {
  let opened;
  try {
    opened = await openWatcher(settings, log, { backfill: options.backfill ?? false });
  } catch (error) {
    console.error(`lead watcher not started: ${terminalText((error as Error).message)}`);
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
}
