import pino from 'pino';
import type { Logger } from 'pino';

let lastMs = 0;
let lastTime = '';

/**
 * `pino.stdTimeFunctions.isoTime`, formatted once per millisecond: under load many lines share one,
 * and `Date#toISOString` was a tenth of the cost of an access log line (BENCHMARKS.md).
 */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/**
 * Structured JSON lines on stdout (PM2 collects them per worker). Written asynchronously: a line
 * goes out at once when no write is pending, and lines logged meanwhile go out together, one write
 * instead of one each; pino flushes what is left when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { pid: process.pid }, timestamp: isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}
