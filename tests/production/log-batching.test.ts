import { setImmediate as nextTurn } from 'node:timers/promises';
import test from 'ava';
import { createLogger } from '../../server/logger.js';

test('log lines of one event-loop turn reach process.stdout in one write, in order, none lost', async (t) => {
  const writes: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  };
  try {
    const logger = createLogger('info');
    logger.info({ n: 1 }, 'first');
    logger.info({ n: 2 }, 'second');
    logger.debug({ n: 0 }, 'below the level');
    logger.info({ n: 3 }, 'third');
    t.is(writes.length, 0, 'nothing is written before the turn ends');
    await nextTurn();
    t.is(writes.length, 1);
    const lines = writes[0]!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { n: number; msg: string });
    t.deepEqual(
      lines.map((line) => [line.n, line.msg]),
      [
        [1, 'first'],
        [2, 'second'],
        [3, 'third'],
      ],
    );

    logger.info('flushed at once');
    logger.flush();
    t.is(writes.length, 2, 'flush writes what is pending without waiting for the turn');
  } finally {
    process.stdout.write = original;
  }
});
