import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import lighthouse from 'lighthouse';
import type { RunningServer } from '../../server/server.js';
import { ARTIFACTS } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

/**
 * Lighthouse (mobile form factor, its default simulated throttling) on the pages people land on, one
 * at a time: performance ≥ 90, accessibility, best practices and SEO 100 each.
 */

// Debian's chromium (installed by .ci/setup-test-env.sh), as Lighthouse's CLI would take it.
const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'event', path: '/events/2025-11-27-weekly-reset-everyone' },
  { name: 'history', path: '/history' },
  { name: 'sources', path: '/sources' },
  { name: 'docs', path: '/docs' },
  { name: 'home-ja', path: '/ja/' },
] as const;

const TARGETS = { performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 } as const;

let server: RunningServer | undefined;
let chrome: ChildProcess | undefined;
let profile: string | undefined;
let port = 0;

/** Starts chromium with a DevTools port of its own choosing and reads that port from its stderr. */
async function launchChrome(): Promise<void> {
  profile = await mkdtemp(path.join(tmpdir(), 'reset-lighthouse-'));
  const child = spawn(
    CHROME,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  chrome = child;
  port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${seen}`)), 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${seen}`)));
  });
}

test.before(async () => {
  server = await startServer();
  await launchChrome();
});

test.after.always(async () => {
  if (chrome && chrome.exitCode === null) {
    const exited = new Promise((resolve) => chrome!.once('exit', resolve));
    chrome.kill();
    await exited;
  }
  await server?.stop();
  if (profile) await rm(profile, { recursive: true, force: true });
});

interface Score {
  readonly id: string;
  readonly score: number;
  readonly target: number;
  /** The audits that cost points, so a failure says what to fix. */
  readonly failing: string[];
}

async function audit(pagePath: string, name: string): Promise<Score[]> {
  const result = await lighthouse(`${server!.url}${pagePath}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  await writeFile(path.join(ARTIFACTS, `lighthouse-${name}.json`), JSON.stringify(lhr));
  return Object.entries(TARGETS).map(([id, target]) => {
    const category = lhr.categories[id]!;
    const failing = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((item) => item.score !== null && item.score < 1)
      .map((item) => `${item.id} ${item.score}${item.displayValue ? ` (${item.displayValue})` : ''}`);
    return { id, score: category.score ?? 0, target, failing };
  });
}

/**
 * Performance is a timing measure: on a shared two-core machine, with other test files running, one
 * run's total blocking time swings by hundreds of milliseconds. A page passes when one of three runs
 * reaches the target; accessibility, best practices and SEO do not depend on timing and must be 100 on
 * every run.
 */
const PERFORMANCE_RUNS = 3;

for (const { name, path: pagePath } of PAGES) {
  test.serial(`Lighthouse on ${name} (${pagePath}): performance ≥ 90, the rest 100`, async (t) => {
    t.timeout(PERFORMANCE_RUNS * 120_000);
    let performance: Score | undefined;
    for (let run = 1; run <= PERFORMANCE_RUNS; run += 1) {
      const scores = await audit(pagePath, name);
      t.log(`run ${run}: ${scores.map(({ id, score }) => `${id} ${Math.round(score * 100)}`).join(', ')}`);
      for (const { id, score, target, failing } of scores.filter(({ id }) => id !== 'performance'))
        t.true(score >= target, `${id} ${Math.round(score * 100)} < ${target * 100}: ${failing.join('; ')}`);
      performance = scores.find(({ id }) => id === 'performance')!;
      if (performance.score >= performance.target) break;
    }
    const { score, target, failing } = performance!;
    t.true(
      score >= target,
      `performance ${Math.round(score * 100)} < ${target * 100} in ${PERFORMANCE_RUNS} runs: ${failing.join('; ')}`,
    );
  });
}
