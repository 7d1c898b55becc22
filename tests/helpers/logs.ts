import pino from 'pino';

/**
 * A logger at `level` whose lines are parsed and pushed to `lines` as they are written: what a test
 * reads of what the code under it logged.
 */
export function collectingLogger<Line = Record<string, unknown>>(
  level: pino.Level,
  lines: Line[],
): pino.Logger {
  return pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
}
