/**
 * Where the hot tail comes from: hot `GET /api/v1/status` at 50 connections (wrk on core 1, each
 * server on core 0) on the compiled server as `npm start` runs it, then with one suspect removed at a
 * time (the access log, the rate limiter, response compression), and bare node serving the same bytes;
 * `--trace-gc` of the first variant counts the collections and their pauses in the same load.
 *
 *   npx tsx bench/tail.ts [--seconds N] [--rounds N] [--content DIR]      (npm run build first)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder } from './bench-options.js';
import type { Running } from './processes.js';
import { startHelper, startServer } from './processes.js';
import { median } from './report.js';
import { ensureWrk, runWrk } from './wrk.js';
import { nodeFlags } from '../server/node-flags.cjs';

const {
  values: flags,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage: 'tsx bench/tail.ts [--seconds <n>] [--rounds <n>] [--content <dir>]',
  description:
    'Hot p99 of the compiled server as npm start runs it, with one suspect removed at a time, against bare node.',
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per wrk run (default 5)' },
    rounds: { type: 'string', value: '<n>', description: 'rounds per variant (default 3)' },
    content: CONTENT_OPTION,
  },
});
const SECONDS = positiveWhole('seconds', flags.seconds ?? '5');
const ROUNDS = positiveWhole('rounds', flags.rounds ?? '3');
const CONTENT = contentFolder(flags.content, refuse);
const STATUS = '/api/v1/status';
const pinning = os.availableParallelism() >= 2;
const NODE_ARGS = nodeFlags();
const work = os.tmpdir();
const gcLog = path.join(work, 'tail-gc.log');

interface Variant {
  readonly name: string;
  readonly env?: Record<string, string>;
  readonly logLevel?: string;
  readonly traceGc?: boolean;
  readonly accept?: string;
}

const VARIANTS: readonly Variant[] = [
  { name: 'as npm start runs it (access log on, limiter on)', traceGc: true },
  { name: 'no access log (LOG_LEVEL=warn)', logLevel: 'warn' },
  { name: 'no rate limiter (RATE_LIMIT_POINTS=0)', env: { RATE_LIMIT_POINTS: '0' } },
  { name: 'brotli asked for (Accept-Encoding: br)', accept: 'br' },
];

ensureWrk();
let port = 39_400;
const lines: string[] = [];
let bareOrigin = '';
let bare: Running | undefined;
for (const variant of VARIANTS) {
  const server = await startServer({
    port: port++,
    contentDir: path.resolve(CONTENT),
    logLevel: variant.logLevel ?? 'info',
    logFile: variant.traceGc ? gcLog : '/dev/null',
    cores: pinning ? '0' : null,
    env: { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60', ...variant.env },
    nodeArgs: [...NODE_ARGS, ...(variant.traceGc ? ['--trace-gc'] : [])],
  });
  if (!bare) {
    const urls = path.join(work, 'tail-urls.txt');
    writeFileSync(urls, STATUS);
    bare = await startHelper('bare', ['bench/baseline.ts', String(port), server.origin, urls], {
      port,
      cores: pinning ? '0' : null,
    });
    bareOrigin = bare.origin;
    port += 1;
  }
  const p99 = { server: [] as number[], bare: [] as number[] };
  const headers = variant.accept ? [`Accept-Encoding: ${variant.accept}`] : [];
  const settings = {
    seconds: SECONDS,
    connections: 50,
    cores: pinning ? '1' : null,
    headers,
  };
  await runWrk({ ...settings, url: server.origin + STATUS, seconds: 1 });
  for (let round = 0; round < ROUNDS; round += 1) {
    p99.server.push((await runWrk({ ...settings, url: server.origin + STATUS })).p99Ms);
    p99.bare.push((await runWrk({ ...settings, headers: [], url: bareOrigin + STATUS })).p99Ms);
  }
  await server.stop();
  let gc = '';
  if (variant.traceGc) {
    const trace = readFileSync(gcLog, 'utf8');
    const pauses = [...trace.matchAll(/(Scavenge|Mark-Compact|Mark-sweep)[^,]*?, ([\d.]+) \/ [\d.]+ ms/g)];
    const byKind = new Map<string, number[]>();
    for (const [, kind, ms] of pauses) byKind.set(kind!, [...(byKind.get(kind!) ?? []), Number(ms)]);
    gc = [...byKind]
      .map(
        ([kind, ms]) =>
          `${kind} ×${ms.length}, median ${median(ms).toFixed(2)} ms, ${ms.filter((pause) => pause > 10).length} over 10 ms, longest ${Math.max(...ms).toFixed(1)} ms`,
      )
      .join('; ');
  }
  lines.push(
    `${variant.name}: p99 ${median(p99.server).toFixed(2)} ms, bare ${median(p99.bare).toFixed(2)} ms (${(median(p99.server) / median(p99.bare)).toFixed(1)}×)${gc ? `; GC over the run: ${gc}` : ''}`,
  );
}
await bare?.stop();
console.log(
  `hot ${STATUS}, 50 connections, ${ROUNDS} rounds of ${SECONDS} s, Node ${process.version}, node flags [${NODE_ARGS.join(' ')}]`,
);
for (const line of lines) console.log(`- ${line}`);
