/** Entry point: reads the environment, loads content, listens, and handles signals. */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { parseConfig } from './config.js';
import { createServer } from './server.js';

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { logger, start } = await createServer(config);
const running = await start();
// Outside PM2 (which signals its workers itself), the pid file tells `npm run content:publish` which
// process to send SIGHUP: the server, not the npm process in front of it.
const pidFile = process.env.pm_id === undefined ? config.pidFile : null;
if (pidFile) {
  writeFileSync(pidFile, `${process.pid}\n`);
  process.on('exit', () => {
    try {
      if (readFileSync(pidFile, 'utf8').trim() === String(process.pid)) unlinkSync(pidFile);
    } catch {
      // already gone
    }
  });
}
// Content is loaded before `listen`, so PM2's 'listening' already means ready; this message is for an
// ecosystem that sets `wait_ready`.
process.send?.('ready');

// Republish: load the content folder again (`kill -HUP`, `pm2 sendSignal SIGHUP reset-tracker`).
process.on('SIGHUP', () => {
  logger.info({ signal: 'SIGHUP' }, 'reloading content');
  void running.reload();
});

/**
 * Exits once the last log lines are written. Under PM2 the logger writes through PM2's replacement of
 * `process.stdout.write`, which appends to the log file asynchronously; an empty write's callback
 * runs after the writes before it.
 */
function exit(code: number) {
  process.exitCode = code;
  logger.flush();
  process.stdout.write('', () => process.exit(code));
  setTimeout(() => process.exit(code), 2_000).unref();
}

let exiting = false;
function shutdown(reason: string) {
  if (exiting) return;
  exiting = true;
  logger.info({ reason }, 'shutting down: no new connections, finishing in-flight requests');
  running.stop().then(
    () => exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      exit(1);
    },
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
// PM2 sends this message instead of a signal when `shutdown_with_message` is set (e.g. on Windows).
process.on('message', (message) => {
  if (message === 'shutdown') shutdown('shutdown message');
});
