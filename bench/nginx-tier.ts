/**
 * `npm run bench:nginx`: hot `/api/v1/status` through the shipped nginx cache tier against bare
 * node:http serving the same bytes, both pinned to core 0, wrk on core 1, rounds alternating.
 * Options: --seconds N (3), --rounds N (3), --connections N (50), --skip-build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { startNginx } from '../tests/production/helpers/nginx.js';
import { machine, startHelper, startServer } from './processes.js';
import { median } from './report.js';
import { ensureWrk, runWrk } from './wrk.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

const { values: flags, positiveWhole } = readCommandLine({
  usage: 'npm run bench:nginx -- [--seconds <n>] [--rounds <n>] [--connections <n>] [--skip-build]',
  description:
    'Hot /api/v1/status through the shipped nginx cache tier against bare node serving the same bytes.',
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per wrk run (default 3)' },
    rounds: { type: 'string', value: '<n>', description: 'alternating rounds (default 3)' },
    connections: { type: 'string', value: '<n>', description: 'wrk connections (default 50)' },
    'skip-build': {
      type: 'boolean',
      default: false,
      description: 'use the compiled server as it is (no npm run build)',
    },
  },
});
const SECONDS = positiveWhole('seconds', flags.seconds ?? '3');
const ROUNDS = positiveWhole('rounds', flags.rounds ?? '3');
const CONNECTIONS = positiveWhole('connections', flags.connections ?? '50');
const STATUS = '/api/v1/status';
const pinning = os.availableParallelism() >= 2;
const work = mkdtempSync(path.join(os.tmpdir(), 'reset-nginx-bench-'));
try {
  ensureWrk();
  if (!flags['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  let port = 26_000 + Math.floor(Math.random() * 3000);
  const server = await startServer({
    port: port++,
    contentDir: DEMO_FIXTURE,
    logLevel: 'info',
    logFile: path.join(work, 'server.log'),
    cores: null,
    env: { RATE_LIMIT_POINTS: '1000000000', TRUST_PROXY_HOPS: '1' },
  });
  const nginx = await startNginx(new URL(server.origin).host);
  // nginx runs one worker; pin it (and the bare server) to core 0 like the server in `npm run bench`.
  const nginxPids = execFileSync('pgrep', ['-f', 'nginx: worker process'], { encoding: 'utf8' })
    .trim()
    .split('\n');
  if (pinning) for (const pid of nginxPids) execFileSync('taskset', ['-pc', '0', pid], { stdio: 'ignore' });
  const urls = path.join(work, 'urls.txt');
  writeFileSync(urls, STATUS);
  const bare = await startHelper('bare', ['bench/baseline.ts', String(port), server.origin, urls], {
    port,
    cores: pinning ? '0' : null,
  });
  const run = (origin: string) =>
    runWrk({
      url: origin + STATUS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      cores: pinning ? `1-${os.availableParallelism() - 1}` : null,
    });
  await run(nginx.url);
  await run(bare.origin);
  const ratios: number[] = [];
  const rates: [number, number][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const [first, second] = round % 2 ? [bare.origin, nginx.url] : [nginx.url, bare.origin];
    const a = await run(first);
    const b = await run(second);
    const [viaNginx, viaBare] = round % 2 ? [b, a] : [a, b];
    rates.push([viaNginx.requestsPerSecond, viaBare.requestsPerSecond]);
    ratios.push(viaNginx.requestsPerSecond / viaBare.requestsPerSecond);
  }
  const facts = machine();
  const ratio = median(ratios);
  console.log(
    [
      `Date: ${new Date().toISOString()}; machine: ${facts.nproc} × ${facts.cpu}; Node ${facts.node}.`,
      `hot GET ${STATUS} through nginx vs bare node, per round (req/s): ${rates.map(([n, b]) => `${Math.round(n)} / ${Math.round(b)}`).join(', ')}`,
      `ratio (median): ${ratio.toFixed(2)} (target ≥ 0.8 ${ratio >= 0.8 ? '✓' : '✗'})`,
    ].join('\n'),
  );
  await bare.stop();
  await nginx.stop();
  await server.stop();
} finally {
  rmSync(work, { recursive: true, force: true });
}
