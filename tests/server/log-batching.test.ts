import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { BATCH_MS, createLogger } from '../../server/logger.js';
import { eventually } from '../helpers/wait.js';

function captureStdout(t: { teardown(fn: () => void): void }): string[] {
  const writes: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    writes.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  };
  t.teardown(() => {
    process.stdout.write = original;
  });
  return writes;
}

const parse = (chunk: string) =>
  chunk
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { n: number; msg: string });

test.serial('log lines reach process.stdout together within BATCH_MS, in order, none lost', async (t) => {
  const writes = captureStdout(t);
  const logger = createLogger('info');
  logger.info({ n: 1 }, 'first');
  logger.info({ n: 2 }, 'second é');
  logger.debug({ n: 0 }, 'below the level');
  await sleep(0);
  logger.info({ n: 3 }, 'third');
  t.is(writes.length, 0, 'nothing is written before the batch is due');
  t.true(
    await eventually(() => writes.length > 0, { timeout: BATCH_MS * 3, interval: 5 }),
    'the batch is written when due',
  );
  t.is(writes.length, 1);
  t.deepEqual(
    parse(writes[0]!).map((line) => [line.n, line.msg]),
    [
      [1, 'first'],
      [2, 'second é'],
      [3, 'third'],
    ],
  );

  logger.info({ n: 4 }, 'flushed at once');
  logger.flush();
  t.is(writes.length, 2, 'flush writes what is pending without waiting');
  t.deepEqual(parse(writes[1]!)[0]?.n, 4);
});

test.serial(
  'a full buffer is written at once, and a line longer than the buffer goes out on its own',
  (t) => {
    const writes = captureStdout(t);
    const logger = createLogger('info');
    const long = 'x'.repeat(30_000);
    logger.info({ n: 1 }, 'short');
    logger.info({ n: 2 }, long);
    t.is(writes.length, 2, 'the pending line first, then the long one');
    t.is(parse(writes[0]!)[0]?.n, 1);
    t.is(parse(writes[1]!)[0]?.msg, long);
    for (let n = 0; n < 2000; n += 1) logger.info({ n }, 'filler');
    t.true(writes.length > 2, 'the buffer filled and was written without waiting');
    logger.flush();
    const lines = writes.slice(2).flatMap(parse);
    t.deepEqual(
      lines.map((line) => line.n),
      Array.from({ length: 2000 }, (_, n) => n),
    );
  },
);
