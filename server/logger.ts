import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';

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

const BATCH_BYTES = 64 * 1024;

/**
 * Log lines written within one turn of the event loop go to `process.stdout` in one write, instead of
 * one write per line: the per-line write was most of an access log line's cost (BENCHMARKS.md).
 * It must be `process.stdout.write`, not a file descriptor of its own (pino's sonic-boom destinations):
 * under PM2 cluster mode that method is PM2's, and writes to fd 1 never reach its log file.
 */
function batchedStdout(): DestinationStream & { flush(cb?: () => void): void } {
  let pending = '';
  let scheduled = false;
  const writePending = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    process.stdout.write(chunk);
  };
  process.once('exit', writePending);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH_BYTES) writePending();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(writePending);
      }
    },
    flush(cb?: () => void) {
      writePending();
      cb?.();
    },
  };
}

/** One per process: every logger shares stdout, and its order. */
let stdout: ReturnType<typeof batchedStdout> | null = null;

/** Structured JSON lines on stdout (PM2 collects them per worker). */
export function createLogger(level: string): Logger {
  stdout ??= batchedStdout();
  return pino({ level, base: { pid: process.pid }, timestamp: isoTime }, stdout);
}
