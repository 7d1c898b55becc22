import pino from 'pino';
import type { Logger } from 'pino';

/** Structured JSON lines on stdout (PM2 collects them per worker). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}
