/**
 * `npm run bench:reload`: how long requests wait while the server reloads a large content folder.
 * Generates N events (default 20,000), starts the compiled server, keeps `/healthz` and
 * `/api/v1/status` busy from several clients, sends SIGHUP several times and reports the slowest
 * request during the reloads (the target: under 100 ms).
 * Options: --events N (20000), --reloads N (3), --clients N (8), --skip-build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { generateContent } from './generate-content.js';
import { machine, startServer } from './processes.js';

const { values: flags, positiveWhole } = readCommandLine({
  usage: 'npm run bench:reload -- [--events <n>] [--reloads <n>] [--clients <n>] [--skip-build]',
  description: 'How long requests wait while the compiled server reloads a large generated content folder.',
  options: {
    events: { type: 'string', value: '<n>', description: 'events to generate (default 20000)' },
    reloads: { type: 'string', value: '<n>', description: 'reloads (SIGHUP) to time (default 3)' },
    clients: { type: 'string', value: '<n>', description: 'clients keeping the server busy (default 8)' },
    'skip-build': {
      type: 'boolean',
      default: false,
      description: 'use the compiled server as it is (no npm run build)',
    },
  },
});
const EVENTS = positiveWhole('events', flags.events ?? '20000');
const RELOADS = positiveWhole('reloads', flags.reloads ?? '3');
const CLIENTS = positiveWhole('clients', flags.clients ?? '8');

interface Health {
  readonly last_reload: { readonly at: string; readonly ok: boolean } | null;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'reset-reload-'));
try {
  if (!flags['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const contentDir = path.join(work, 'content');
  await generateContent(contentDir, EVENTS);
  const server = await startServer({
    port: 24_000 + Math.floor(Math.random() * 5000),
    contentDir,
    logLevel: 'warn',
    logFile: path.join(work, 'server.log'),
    cores: null,
    env: { RATE_LIMIT_POINTS: '0', CONTENT_CACHE_DIR: 'off' },
  });
  const health = async (): Promise<Health> =>
    (await (await fetch(`${server.origin}/healthz`)).json()) as Health;

  let reloading = false;
  let stop = false;
  const during: number[] = [];
  const outside: number[] = [];
  const client = async (url: string) => {
    while (!stop) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      (reloading ? during : outside).push(performance.now() - started);
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    client(`${server.origin}${i % 2 ? '/healthz' : '/api/v1/status'}`),
  );
  const reloadTimes: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (let i = 0; i < RELOADS; i += 1) {
    const before = (await health()).last_reload?.at;
    reloading = true;
    const started = performance.now();
    process.kill(server.pid, 'SIGHUP');
    while ((await health()).last_reload?.at === before)
      await new Promise((resolve) => setTimeout(resolve, 20));
    reloadTimes.push(performance.now() - started);
    reloading = false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop = true;
  await Promise.all(clients);
  await server.stop();

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const p = (values: number[], q: number) =>
    sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
  const facts = machine();
  const max = Math.max(...during);
  console.log(
    [
      `Date: ${new Date().toISOString()}; machine: ${facts.nproc} × ${facts.cpu}; Node ${facts.node}.`,
      `${EVENTS} events, ${RELOADS} reloads (SIGHUP), ${CLIENTS} clients on /healthz and /api/v1/status.`,
      `reload took ${reloadTimes.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      `during reloads: ${during.length} requests, p50 ${p(during, 0.5).toFixed(1)} ms, p99 ${p(during, 0.99).toFixed(1)} ms, max ${max.toFixed(1)} ms (target < 100 ms ${max < 100 ? '✓' : '✗'})`,
      `outside reloads: ${outside.length} requests, p50 ${p(outside, 0.5).toFixed(1)} ms, max ${Math.max(...outside).toFixed(1)} ms`,
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
