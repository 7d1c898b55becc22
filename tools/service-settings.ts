/**
 * The service's settings as its PM2 workers read them (the settings file, a variable set in this
 * shell winning: docs/operations.md §2), for the curator's and operator's commands: they then name
 * the same content folder, store, port and channels as the running service.
 */
import type { Config } from '../server/config.js';
import { parseConfig } from '../server/config.js';
import { settingsEnv } from '../server/settings.cjs';

/**
 * Every setting's value (`''`: not set); `npm run` starts a command at the checkout's root. A
 * settings file that cannot be read ends the process, named in one line.
 */
export function serviceEnv(): Record<string, string> {
  try {
    return settingsEnv(process.env, process.cwd());
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
}

/** The settings as the server reads them, or the process ends naming what is wrong. */
export function readServiceConfig(): Config {
  try {
    return parseConfig(serviceEnv());
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
}
