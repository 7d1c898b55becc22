import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import { copyContent, ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { runToEnd } from '../helpers/run.js';
import { usingServer } from '../helpers/with-server.js';

const OPERATIONS = path.join(ROOT, 'docs/operations.md');
const LOG = '~/.pm2/logs/reset-tracker-out.log';

/** The shell lines of a `## ` section's ```sh blocks. */
async function shellLines(heading: string): Promise<string[]> {
  const text = await readFile(OPERATIONS, 'utf8');
  const start = text.indexOf(`## ${heading}`);
  const end = text.indexOf('\n## ', start + 1);
  const blocks = [...text.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks.flatMap((block) => block.split('\n')).filter((line) => line.trim() !== '');
}

test('§8: each jq line reads a log the server wrote, without an error, and finds what it says', async (t) => {
  t.timeout(60_000);
  const recipes = (await shellLines('8. Reading logs')).filter((line) => /\bjq\b/.test(line));
  t.is(recipes.length, 3, recipes.join('\n'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'log-recipes-'));
  const log = path.join(dir, 'reset-tracker-out.log');
  const content = await copyContent(VALID_FIXTURE);
  try {
    // The server's own lines: a start, requests, then a republish of a broken folder (refused).
    const logger = pino({ level: 'info' }, pino.destination({ dest: log, sync: true }));
    await usingServer({ content: content.dir, logger }, async (server) => {
      for (const route of ['/api/v1/status', '/api/v1/resets?limit=oops', '/nowhere'])
        await (await fetch(`${server.url}${route}`)).arrayBuffer();
      await writeFile(path.join(content.dir, 'collection.json'), '{ not json');
      t.false(await server.reload());
    });
    // A line another part of the service writes in the same file: a delivery with no HTTP status.
    await appendFile(
      log,
      `${JSON.stringify({ level: 40, time: 1, pid: 1, status: null, msg: 'alerts: a delivery failed' })}\n`,
    );
    const outputs = [];
    for (const recipe of recipes) {
      // `tail -F` follows for ever: the same filter over the file as it is.
      const line = recipe
        .replace(/\s+#.*$/, '')
        .replace('tail -F', 'cat')
        .replaceAll(LOG, JSON.stringify(log));
      const done = await runToEnd('bash', ['-o', 'pipefail', '-c', line]);
      t.is(done.code, 0, `${line}\n${done.stderr}`);
      t.is(done.stderr, '', line);
      outputs.push(done.stdout.trim().split('\n').filter(Boolean));
    }
    const [warnings, failed, refused] = outputs as [string[], string[], string[]];
    t.deepEqual(
      warnings.map((line) => (JSON.parse(line) as { msg: string }).msg),
      ['content refused: invalid set, keeping the last good content', 'alerts: a delivery failed'],
    );
    t.deepEqual(failed, [], 'no request failed (400 and 404 are not failures; a null status is none)');
    t.true(
      refused.length > 0 && refused.every((problem) => problem.startsWith('collection.json')),
      refused.join('\n'),
    );
  } finally {
    await content.dispose();
    await rm(dir, { recursive: true, force: true });
  }
});
