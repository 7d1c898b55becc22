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
 * Structured JSON lines on stdout (PM2 collects them per worker). pino's own choice of destination:
 * under PM2 `process.stdout` is PM2's, and a destination of its own on fd 1 would bypass it.
 */
export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: isoTime });
}
