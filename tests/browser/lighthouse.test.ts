import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import lighthouse from 'lighthouse';
import type { RunningServer } from '../../server/server.js';
import { ARTIFACTS, useBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

/**
 * Lighthouse (mobile form factor, its default simulated throttling) on the pages people land on, one
 * run each: accessibility, best practices and SEO 100.
 *
 * The performance score is not read. Its largest weight, total blocking time, is the page's main-thread
 * tasks timed on this machine's CPU: on two shared cores one page's score moved from 81 to 95 over
 * eight runs in a row, so a score threshold either fails a good page on a busy machine or needs runs
 * until one passes. The test checks what the score rests on instead, each with the value Lighthouse
 * measured: the bytes a phone downloads (`total-byte-weight`), layout shifts
 * (`cumulative-layout-shift`) and the main thread's work (`mainthread-work-breakdown`, bounded well
 * above a busy machine's reading, so it catches a page that starts running real script, not noise).
 * The score is logged.
 */

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'event', path: '/events/2025-11-27-weekly-reset-everyone' },
  { name: 'history', path: '/history' },
  { name: 'sources', path: '/sources' },
  { name: 'docs', path: '/docs' },
  { name: 'home-ja', path: '/ja/' },
] as const;

const TARGETS = { accessibility: 1, 'best-practices': 1, seo: 1 } as const;

/** What a page's performance rests on, each at most this. */
const BUDGETS = {
  /** Bytes transferred for the page and everything it loads (the pages weigh 15-30 KB). */
  'total-byte-weight': 100_000,
  /** Layout shift: none expected; Lighthouse's "good" is 0.1. */
  'cumulative-layout-shift': 0.01,
  /**
   * Milliseconds of main-thread work, the tasks' measured times × Lighthouse's simulated 4x CPU
   * slowdown: 0.5-0.9 s alone on a quiet two-core machine, 1.1-2.9 s alongside the rest of the
   * suite (`.ci/run`, 28 November).
   */
  'mainthread-work-breakdown': 6_000,
} as const;

let server: RunningServer | undefined;
// Lighthouse drives the browser itself, over a DevTools port: the full browser, as the README runs it.
const { debuggingPort } = useBrowser(test, { debuggingPort: true, full: true });

test.before(async () => {
  server = await startServer();
});

test.after.always(async () => {
  await server?.stop();
});

interface Measure {
  readonly id: keyof typeof BUDGETS;
  readonly value: number;
  readonly budget: number;
}

interface Score {
  readonly id: string;
  readonly score: number;
  readonly target: number;
  /** The audits that cost points, so a failure says what to fix. */
  readonly failing: string[];
}

async function audit(
  pagePath: string,
  name: string,
): Promise<{ scores: Score[]; measures: Measure[]; performance: number }> {
  const result = await lighthouse(`${server!.url}${pagePath}`, {
    port: debuggingPort(),
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...Object.keys(TARGETS), 'performance'],
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  await writeFile(path.join(ARTIFACTS, `lighthouse-${name}.json`), JSON.stringify(lhr));
  const scores = Object.entries(TARGETS).map(([id, target]) => {
    const category = lhr.categories[id]!;
    const failing = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((item) => item.score !== null && item.score < 1)
      .map((item) => `${item.id} ${item.score}${item.displayValue ? ` (${item.displayValue})` : ''}`);
    return { id, score: category.score ?? 0, target, failing };
  });
  const measures = Object.entries(BUDGETS).map(([id, budget]) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id}`);
    return { id: id as Measure['id'], value, budget };
  });
  return { scores, measures, performance: lhr.categories.performance?.score ?? 0 };
}

for (const { name, path: pagePath } of PAGES) {
  test.serial(
    `Lighthouse on ${name} (${pagePath}): 100 but performance, which rests on small budgets`,
    async (t) => {
      const { scores, measures, performance } = await audit(pagePath, name);
      t.log(
        [
          ...scores.map(({ id, score }) => `${id} ${Math.round(score * 100)}`),
          `performance ${Math.round(performance * 100)} (not asserted)`,
          ...measures.map(({ id, value }) => `${id} ${Math.round(value * 1000) / 1000}`),
        ].join(', '),
      );
      for (const { id, score, target, failing } of scores)
        t.true(score >= target, `${id} ${Math.round(score * 100)} < ${target * 100}: ${failing.join('; ')}`);
      for (const { id, value, budget } of measures) t.true(value <= budget, `${id} ${value} > ${budget}`);
    },
  );
}
