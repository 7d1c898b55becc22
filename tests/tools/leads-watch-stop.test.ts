import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import test from 'ava';
import { ROOT, SHIPPED_CONTENT } from '../helpers/fixtures.js';
import { commandLine } from '../helpers/run.js';
import { startSourceStandIn } from '../helpers/source-stand-in.js';

test('SIGTERM during a round: `leads watch` ends the request in flight and exits 0 within seconds', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-watch-stop-'));
  const site = await startSourceStandIn();
  t.teardown(async () => {
    await site.stop();
    await rm(dir, { recursive: true, force: true });
  });
  // A source that answers slowly: its request would outlast PM2's kill_timeout of 20 s.
  site.set('/slow.json', { stall: true });
  site.set('/next.json', { body: '{}' });
  const sources = path.join(dir, 'sources.json');
  await writeFile(
    sources,
    JSON.stringify({
      sources: [
        { name: 'slow', kind: 'peer_data', url: `${site.origin}/slow.json` },
        { name: 'next', kind: 'peer_data', url: `${site.origin}/next.json` },
      ],
    }),
  );
  const ledger = path.join(dir, 'ledger.json');
  await copyFile(path.join(ROOT, 'docs/record/ledger.json'), ledger);
  const child = spawn(process.execPath, [...commandLine('tools/leads.ts'), 'watch'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ALERTS_DB: path.join(dir, 'alerts.sqlite'),
      CONTENT_DIR: SHIPPED_CONTENT,
      LEADS_SOURCES: sources,
      LEADS_LEDGER: ledger,
      LEADS_CONTACT: 'curator@example.org',
      LEADS_TIMEOUT_MS: '120000',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = once(child, 'close') as Promise<[number | null, string | null]>;
  t.teardown(() => void child.kill('SIGKILL'));
  for (let waited = 0; site.requests.length === 0; waited += 50) {
    if (waited > 20_000) t.fail(`the watcher never asked the source: ${output}`);
    await delay(50);
  }
  child.kill('SIGTERM');
  // The request's time-out is two minutes: only ending it lets the process go within the bound.
  const ended = await Promise.race([closed, delay(10_000, null)]);
  t.not(ended, null, `still running 10 s after SIGTERM: ${output}`);
  t.deepEqual(ended, [0, null], output);
  t.deepEqual(
    site.requests.map((request) => request.path),
    ['/slow.json'],
    'no further source is polled',
  );
});
