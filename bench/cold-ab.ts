/**
 * Server CPU per cold request, A/B: each build (a folder holding a compiled `dist/` and its
 * `node_modules`) runs as its own server process on the same content; distinct `/api/v1/resets`
 * queries (every one a cache miss, in the cold scenario's mix of page sizes) go to each server in
 * alternating blocks, so drift on a shared machine reaches both alike. Reports the median over blocks
 * of the server's CPU µs (from /proc) per request, the mean (finer than one block's clock tick), and
 * each server's RSS at the end. Each build runs as its `npm start` runs it: with the V8 flags its
 * own `server/node-flags.cjs` gives for this Node. With `--hot URL`, every request is that one URL
 * instead (response-cache hits after the first).
 *
 *   npx tsx bench/cold-ab.ts [--content DIR] [--blocks N] [--requests N] [--hot URL] LABEL=DIR ...
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder, labelledFolders } from './bench-options.js';
import { buildNodeFlags, cpuTimeUs, memoryOf, startServer } from './processes.js';
import { median } from './report.js';

const {
  values: flags,
  positionals,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage:
    'tsx bench/cold-ab.ts [--content <dir>] [--blocks <n>] [--requests <n>] [--hot <path>] <label>=<dir>...',
  description:
    'Server CPU per cold request, A/B: each build runs as its own server, queried in alternating blocks.',
  arguments: [
    {
      name: '<label>=<dir>...',
      required: true,
      repeats: true,
      description: 'a build to measure: a folder holding its compiled dist/ and node_modules',
    },
  ],
  options: {
    content: CONTENT_OPTION,
    hot: {
      type: 'string',
      value: '<path>',
      description: 'request only this path (cache hits after the first), not cold queries',
    },
    blocks: { type: 'string', value: '<n>', description: 'blocks per build (default 20)' },
    requests: { type: 'string', value: '<n>', description: 'requests per block (default 400)' },
  },
});
const content = contentFolder(flags.content, refuse);
const contentDir = path.resolve(content);
const blocks = positiveWhole('blocks', flags.blocks ?? '20');
const perBlock = positiveWhole('requests', flags.requests ?? '400');
if (flags.hot !== undefined && !flags.hot.startsWith('/')) refuse(`--hot: '${flags.hot}' is not a path (/…)`);
const builds = labelledFolders(positionals, '<dir>', 'dist/server/main.js', refuse).map(
  ({ label, folder }) => ({ label, dir: folder }),
);

const LIMITS = [1, 1, 1, 2, 2, 3, 5, 10, 20];
const FILTERS = ['all', 'broad', 'max', 'pro', 'team'].flatMap((audience) =>
  ['any', 'five_hour', 'weekly'].flatMap((window) =>
    ['asc', 'desc'].map((order) => `order=${order}&audience=${audience}&window=${window}`),
  ),
);

/** Distinct queries: a filter combination, a page size and a lower bound that moves a day at a time. */
function* coldPaths(): Generator<string, never> {
  for (let day = 0; ; day += 1) {
    const from = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    for (const filters of FILTERS) {
      const limit = LIMITS[(day + filters.length) % LIMITS.length]!;
      yield `/api/v1/resets?limit=${limit}&${filters}&from=${from}`;
    }
  }
}

interface Server {
  readonly label: string;
  readonly pid: number;
  readonly port: number;
  readonly samples: number[];
  stop(): Promise<unknown>;
}

async function start(label: string, dir: string, port: number, contentDir: string): Promise<Server> {
  const running = await startServer({
    dir,
    port,
    contentDir,
    logLevel: 'silent',
    logFile: '/dev/null',
    cores: null,
    nodeArgs: buildNodeFlags(dir),
    env: {
      CONTENT_CACHE_DIR: 'off',
      PID_FILE: 'off',
      RATE_LIMIT_POINTS: '0',
      PUBLIC_BASE_URL: 'https://tracker.test',
    },
  });
  return { label, pid: running.pid, port, samples: [], stop: () => running.stop() };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const servers: Server[] = [];
for (const [index, { label, dir }] of builds.entries()) {
  servers.push(await start(label, dir, 39_100 + index, contentDir));
}
const paths = coldPaths();
/** Blocks are of equal size, so their mean is all their CPU over all their requests. */
const meanOf = (samples: readonly number[]): number =>
  samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
async function block(server: Server): Promise<number> {
  const urls = Array.from({ length: perBlock }, (): string => flags.hot ?? paths.next().value);
  if (!existsSync(`/proc/${server.pid}`)) throw new Error(`${server.label} (pid ${server.pid}) exited`);
  const before = cpuTimeUs(server.pid);
  for (let i = 0; i < urls.length; i += 8) {
    const statuses = await Promise.all(urls.slice(i, i + 8).map((url) => get(server.port, url)));
    if (statuses.some((status) => status !== 200)) throw new Error(`${server.label}: ${statuses.join(',')}`);
  }
  return (cpuTimeUs(server.pid) - before) / urls.length;
}
try {
  for (const server of servers) for (let i = 0; i < 3; i += 1) await block(server);
  for (let round = 0; round < blocks; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) server.samples.push(await block(server));
  }
  console.log(
    `${blocks} blocks of ${perBlock} ${flags.hot ? `requests of ${flags.hot}` : 'cold requests'} per build, ${content}, Node ${process.version}`,
  );
  const first = median(servers[0]!.samples);
  const firstMean = meanOf(servers[0]!.samples);
  for (const server of servers) {
    const value = median(server.samples);
    const mean = meanOf(server.samples);
    const memory = memoryOf(server.pid);
    console.log(
      `${server.label}: ${value.toFixed(1)} µs server CPU per request (÷ first ${(value / first).toFixed(3)}), mean ${mean.toFixed(1)} (÷ first ${(mean / firstMean).toFixed(3)}); RSS at the end ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)})`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  agent.destroy();
}
