import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';

let lastMs = 0;
let lastTime = '';

/**
 * `pino.stdTimeFunctions.isoTime`, formatted once per millisecond: under load many lines share one,
 * and `Date#toISOString` is a large part of the cost of an access log line.
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
/** How long a log line may wait for others before it is written. */
export const BATCH_MS = 50;

/**
 * Log lines are encoded into one buffer and written to `process.stdout` together, at most
 * `BATCH_MS` after the first of them (or when the buffer fills), instead of one write per line: the
 * per-line write and string handling are most of an access log line's cost. Pending
 * lines are written on exit and by `flush()` (the shutdown path).
 * It must be `process.stdout.write`, not a file descriptor of its own (pino's sonic-boom destinations):
 * under PM2 cluster mode that method is PM2's, and writes to fd 1 never reach its log file.
 */
function batchedStdout(): DestinationStream & { flush(cb?: () => void): void } {
  const buffer = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  const writePending = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (used === 0) return;
    // A copy is handed over, so the buffer can be reused: a stream may keep what it is given.
    const chunk = Buffer.allocUnsafe(used);
    buffer.copy(chunk, 0, 0, used);
    used = 0;
    process.stdout.write(chunk);
  };
  process.once('exit', writePending);
  return {
    write(line: string) {
      if (used + line.length * 3 > BATCH_BYTES) {
        writePending();
        // A line longer than the whole buffer goes out on its own.
        if (line.length * 3 > BATCH_BYTES) {
          process.stdout.write(line);
          return;
        }
      }
      used += buffer.write(line, used);
      timer ??= setTimeout(writePending, BATCH_MS).unref();
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
