#!/usr/bin/env node
import { readSettings, usage, UsageError, HELP } from './settings.js';

/**
 * `reset-tracker`: the package's command, bundled into one file (client/scripts/pack.ts). Each
 * subcommand's module runs only when it is asked for, so `status-line`, run on every message of a
 * Claude Code session, runs the cache reader and the line, and loads nothing of child processes
 * unless its cache is due a refresh.
 */
let settings;
try {
  settings = readSettings(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}; ${usage()}\n`);
  process.exit(2);
}

switch (settings.command) {
  case 'help':
    process.stdout.write(HELP);
    break;
  case 'status-line':
    try {
      await (await import('./status-line.js')).printStatusLine(settings);
    } catch {
      // Whatever failed (an unwritable cache folder), the bar gets a line and an exit 0.
      process.stdout.write('reset-tracker\n');
    }
    break;
  case 'status':
    process.exitCode = await (await import('./report.js')).printReport(settings);
    break;
  case 'watch':
    process.exitCode = await (await import('./watch.js')).watchResets(settings);
    break;
  case 'refresh':
    process.exitCode = await (await import('./refresh.js')).refreshCache(settings);
    break;
}
