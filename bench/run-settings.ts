/**
 * The settings of `npm run bench` (bench/run.ts): its command-line options, the cores the server and
 * the load generator are pinned to, the server's node flags and environment, and the URLs measured.
 * The command line is read when this module loads, before `bench/run.ts` does any work: `--help` or
 * a bad option ends the process there.
 */
import os from 'node:os';
import { readCommandLine } from '../tools/command-line.js';
import { nodeFlags } from '../server/node-flags.cjs';

const { values, positiveWhole } = readCommandLine({
  usage:
    'npm run bench -- [--seconds <n>] [--rounds <n>] [--connections <n>] [--events <n>] [--skip-build] [--profile <dir>]',
  description:
    'The compiled server against bare node, the Koa floor and the peer, same load and settings, as ratios.',
  options: {
    seconds: { type: 'string', value: '<n>', description: 'seconds per measured run (default 3)' },
    rounds: { type: 'string', value: '<n>', description: 'rounds (default 3)' },
    connections: { type: 'string', value: '<n>', description: 'wrk connections (default 50)' },
    events: { type: 'string', value: '<n>', description: 'events in the generated set (default 10000)' },
    'skip-build': {
      type: 'boolean',
      default: false,
      description: 'use the compiled server as it is (no npm run build)',
    },
    profile: {
      type: 'string',
      value: '<dir>',
      description: 'write a V8 CPU profile of each real server into this folder',
    },
  },
});
/** The options as given; the numbers, their defaults applied, are below. */
export const flags = values;
export const SECONDS = positiveWhole('seconds', flags.seconds ?? '3');
export const ROUNDS = positiveWhole('rounds', flags.rounds ?? '3');
export const CONNECTIONS = positiveWhole('connections', flags.connections ?? '50');
/** Events in the generated set. */
export const EVENTS = positiveWhole('events', flags.events ?? '10000');
// Server on core 0, load generator on core 1, when there are two cores to give.
const pinning = os.availableParallelism() >= 2;
export const SERVER_CORES = pinning ? '0' : null;
export const LOAD_CORES = pinning ? `1-${os.availableParallelism() - 1}` : null;
/** The node flags every way of running the server uses (`npm start`, PM2's `node_args`). */
export const PRODUCTION_NODE_ARGS = nodeFlags();
/** The limiter runs (its cost is measured) but never throttles the bench. */
export const SERVER_ENV = { RATE_LIMIT_POINTS: '1000000000', RATE_LIMIT_WINDOW_SECONDS: '60' };
/** Page sizes of the cold scenario; the default set has no full page of 50 or 100 events. */
export const LIMITS = [1, 2, 3, 5, 10, 20];
/** Cold URLs per page size, at most; comfortably more than the response cache holds (2,000) in all. */
export const COLD_PER_LIMIT = 1000;
export const STATUS = '/api/v1/status';
export const HOT_RESETS = '/api/v1/resets?limit=100';
export const TRPC_STATUS = `/api/trpc/getResetStatus?input=${encodeURIComponent('{}')}`;
export const TRPC_BATCH = `/api/trpc/getResetStatus,listSources?batch=1&input=${encodeURIComponent('{"0":{}}')}`;

export interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly headers?: readonly string[];
  readonly pathsFile?: string;
  /** Mean body size, when the requests differ. */
  readonly bodyBytes?: number;
}

export type Side = 'server' | 'bare' | 'floor' | 'peer';
export const SIDES: readonly Side[] = ['server', 'bare', 'floor', 'peer'];
