/**
 * What compression costs and saves, on the compiled server (`npm run build` first):
 * - bytes per response, identity / brotli / gzip, for the resources listed below;
 * - hot hits asked in brotli ÷ hot hits asked in identity, by rate and by server CPU per request, in
 *   alternating rounds of wrk in one run (the goal: ≥ 0.95, encoding is off the hot path);
 * - the server's RSS after the rounds.
 *
 *   npx tsx bench/compression.ts [--seconds N] [--rounds N] [--content DIR]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from '../tools/command-line.js';
import { CONTENT_OPTION, contentFolder } from './bench-options.js';
import { cpuTimeUs, memoryOf, startServer } from './processes.js';
import { median } from './report.js';
import { ensureWrk, runWrk } from './wrk.js';
import { nodeFlags } from '../server/node-flags.cjs';

const {
  values: flags,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage: 'npm run bench:compression -- [--seconds <n>] [--rounds <n>] [--content <dir>]',
  description:
    'Bytes per response by encoding, and hot brotli hits against hot identity hits by rate and server CPU.',
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per wrk run (default 3)' },
    rounds: { type: 'string', value: '<n>', description: 'alternating rounds (default 4)' },
    content: CONTENT_OPTION,
  },
});
const SECONDS = positiveWhole('seconds', flags.seconds ?? '3');
const ROUNDS = positiveWhole('rounds', flags.rounds ?? '4');
const CONTENT = contentFolder(flags.content, refuse);
const PORT = 39_300;
const origin = `http://127.0.0.1:${PORT}`;
const SIZED = ['/api/v1/resets?limit=100', '/data/events.json', '/feed.json', '/', '/api/openapi.json'];
const HOT = ['/api/v1/status', '/api/v1/resets?limit=100'];
const pinning = os.availableParallelism() >= 2;

function bytesOf(url: string, coding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = coding ? { 'accept-encoding': coding } : {};
    http
      .get(`${origin}${url}`, { headers, agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

ensureWrk();
const server = await startServer({
  port: PORT,
  contentDir: path.resolve(CONTENT),
  logLevel: 'silent',
  logFile: '/dev/null',
  cores: pinning ? '0' : null,
  env: { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' },
  nodeArgs: nodeFlags(),
});
try {
  console.log('| resource | identity | br | gzip |\n|---|---|---|---|');
  for (const url of SIZED) {
    const sizes = [await bytesOf(url, null), await bytesOf(url, 'br'), await bytesOf(url, 'gzip')];
    console.log(`| \`${url}\` | ${sizes.map((n) => n.toLocaleString('en')).join(' | ')} |`);
  }
  console.log('\n| hot hit | br ÷ identity, rate | br ÷ identity, CPU per request |\n|---|---|---|');
  for (const url of HOT) {
    const rates: Record<string, number[]> = { identity: [], br: [] };
    const cpu: Record<string, number[]> = { identity: [], br: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['identity', 'br'] : ['br', 'identity'];
      for (const coding of order) {
        const before = cpuTimeUs(server.pid);
        const result = await runWrk({
          url: `${origin}${url}`,
          seconds: SECONDS,
          connections: 50,
          headers: coding === 'br' ? ['Accept-Encoding: br'] : [],
          cores: pinning ? `1-${os.availableParallelism() - 1}` : null,
        });
        const requests = result.requestsPerSecond * SECONDS;
        rates[coding]!.push(result.requestsPerSecond);
        cpu[coding]!.push((cpuTimeUs(server.pid) - before) / requests);
      }
    }
    const rate = median(rates['br']!) / median(rates['identity']!);
    const perRequest = median(cpu['identity']!) / median(cpu['br']!);
    console.log(`| \`${url}\` | ${rate.toFixed(2)} | ${perRequest.toFixed(2)} |`);
  }
  console.log(`\nserver RSS after the rounds: ${memoryOf(server.pid).rssMb.toFixed(0)} MB`);
} finally {
  await server.stop();
}
