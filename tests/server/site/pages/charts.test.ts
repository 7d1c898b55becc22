import { DOMParser } from '@xmldom/xmldom';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { ResetSummary, StatusData } from '../../../../domain/schemas/index.js';
import { dateEvent, exactEvent } from '../../../helpers/events.js';
import { startServer, usingServer } from '../../../helpers/with-server.js';
import type { PublishedEvent } from '../../../../domain/content/events.js';
import type { RunningServer } from '../../../helpers/with-server.js';

interface ChartElement {
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<ChartElement>;
  readonly textContent: string | null;
}

/** The inline `<svg>` of one chart, parsed as XML: it must be well-formed on its own. */
function chartSvg(page: string, chart: string): ChartElement {
  const markup = new RegExp(`<svg\\b[^>]*data-chart="${chart}"[\\s\\S]*?</svg>`).exec(page)?.[0];
  if (!markup) throw new Error(`no ${chart} chart on the page`);
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void errors.push(`${level}: ${message}`) });
  const svg = doc.parseFromString(markup, 'text/xml').documentElement as unknown as ChartElement | null;
  if (!svg || errors.length > 0)
    throw new Error(`the ${chart} chart is not well-formed XML: ${errors.join('; ')}`);
  return svg;
}

const elements = (root: ChartElement, tag: string) => Array.from(root.getElementsByTagName(tag));
const attr = (element: ChartElement, name: string) => element.getAttribute(name) ?? '';

async function getJsonData<T>(url: string): Promise<T> {
  return ((await (await fetch(url)).json()) as { data: T }).data;
}

/** The charts of `/` with `query`, checked against `/api/v1/status` and `/api/v1/resets` for the same filters. */
async function checkCharts(t: ExecutionContext, base: string, query: string): Promise<StatusData> {
  const res = await fetch(`${base}/${query}`);
  t.is(res.status, 200, query);
  const page = await res.text();
  const join = query ? `${query}&` : '?';
  const status = await getJsonData<StatusData>(`${base}/api/v1/status${query}`);
  const resets = await getJsonData<ResetSummary[]>(`${base}/api/v1/resets${join}order=asc&limit=100`);
  const { stats } = status;

  const timeline = chartSvg(page, 'timeline');
  t.is(attr(timeline, 'role'), 'img');
  const titleId = attr(timeline, 'aria-labelledby');
  t.truthy(elements(timeline, 'title').find((title) => attr(title, 'id') === titleId)?.textContent);
  t.truthy(
    elements(timeline, 'desc').find((desc) => attr(desc, 'id') === attr(timeline, 'aria-describedby')),
  );
  const marks = elements(timeline, 'g').filter((g) => attr(g, 'class') === 'mark');
  const counted = marks.filter((g) => attr(g, 'data-counted') === 'true');
  t.deepEqual(
    counted.map((g) => [attr(g, 'data-id'), attr(g, 'data-precision'), attr(g, 'data-at')]),
    resets.map((event) => [event.id, event.announced_at ? 'exact' : 'date', event.announced_at ?? '']),
    `timeline points ${query}`,
  );
  t.is(attr(timeline, 'data-total'), String(stats.total));
  t.is(counted.filter((g) => attr(g, 'data-precision') === 'exact').length, stats.exact_count);
  const uncounted = marks.filter((g) => attr(g, 'data-counted') === 'false');
  t.deepEqual(
    uncounted.map((g) => attr(g, 'data-id')),
    status.announced_reset ? [status.announced_reset.id] : [],
    `announced reset ${query}`,
  );
  t.is(attr(timeline, 'data-ambiguous-day'), status.latest_ambiguous ? (stats.last_reset_on ?? '') : '');

  const gaps = chartSvg(page, 'gaps');
  t.is(attr(gaps, 'role'), 'img');
  const bars = elements(gaps, 'g').filter((g) => attr(g, 'class') === 'gap');
  t.is(bars.length, stats.total_gaps);
  t.deepEqual(
    bars.map((bar) => [attr(bar, 'data-from'), attr(bar, 'data-to')]),
    resets.slice(1).map((event, i) => [resets[i]!.id, event.id]),
  );
  const measured = bars.filter((bar) => attr(bar, 'data-measured') === 'true');
  t.is(measured.length, stats.eligible_gaps);
  const days = measured.map((bar) => Number(attr(bar, 'data-days')));
  t.is(attr(gaps, 'data-average'), stats.avg_interval_days === null ? '' : String(stats.avg_interval_days));
  t.is(attr(gaps, 'data-longest'), stats.longest_gap_days === null ? '' : String(stats.longest_gap_days));
  if (days.length > 0) {
    t.is<number | null, number | null>(Math.max(...days), stats.longest_gap_days);
    t.true(Math.abs(days.reduce((a, b) => a + b, 0) / days.length - stats.avg_interval_days!) < 1e-9);
  }
  // Every unmeasurable gap touches a date-only reset or has one dated within its two days.
  const dateOnlyDays = resets.filter((event) => !event.announced_at).map((event) => event.announced_on!);
  for (const bar of bars.filter((g) => attr(g, 'data-measured') === 'false')) {
    const [from, to] = [attr(bar, 'data-from-day'), attr(bar, 'data-to-day')];
    t.true(
      dateOnlyDays.some((day) => day >= from && day <= to),
      `${attr(bar, 'data-from')} unmeasured`,
    );
  }

  for (const href of [`/api/v1/status${query}`, `/api/v1/resets${join}order=asc&amp;limit=100`]) {
    t.true(page.includes(`href="${href.replaceAll(/&(?!amp;)/g, '&amp;')}"`), href);
  }
  return status;
}

let demo: Awaited<ReturnType<typeof startServer>> | undefined;
test.before(async () => {
  demo = await startServer();
});
test.after.always(async () => {
  await demo?.stop();
});

for (const query of [
  '',
  '?audience=max',
  '?window=weekly',
  '?audience=pro&window=five_hour',
  '?audience=team',
]) {
  test(`the charts of /${query} show the counted resets and gaps of the API`, async (t) => {
    await checkCharts(t, demo!.url, query);
  });
}

test('for Max and weekly the demo newest day is ambiguous and marked on the timeline', async (t) => {
  const status = await checkCharts(t, demo!.url, '?audience=max&window=weekly');
  t.truthy(status.latest_ambiguous);
  t.regex(await (await fetch(`${demo!.url}/?audience=max&window=weekly`)).text(), /order unknown/);
});

/** The site serving exactly `events`. */
const usingEvents = (events: readonly PublishedEvent[], run: (app: RunningServer) => Promise<void>) =>
  usingServer({ events }, run);

test('gaps bridging a date-only reset and an ambiguous newest day match the API', async (t) => {
  await usingEvents(
    [
      exactEvent('a', '2025-03-01T10:00:00Z'),
      exactEvent('b', '2025-03-04T10:00:00Z'),
      dateEvent('d', '2025-03-06'),
      exactEvent('c', '2025-03-08T10:00:00Z'),
      exactEvent('e', '2025-03-20T04:00:00Z', { windows: ['weekly'] }),
      exactEvent('f', '2025-03-24T16:00:00Z'),
      dateEvent('g', '2025-03-24', { windows: ['five_hour'] }),
      exactEvent('n', '2025-03-26T09:00:00Z', { event_status: 'announced' }),
    ],
    async (app) => {
      const all = await checkCharts(t, app.url, '');
      t.deepEqual(
        all.latest_ambiguous?.map((event) => event.id),
        ['f', 'g'],
      );
      t.like(all.stats, { total_gaps: 6, eligible_gaps: 2, longest_gap_days: 11.75 });
      const weekly = await checkCharts(t, app.url, '?window=weekly');
      t.like(weekly.stats, { total: 6, eligible_gaps: 3 });
      const fiveHour = await checkCharts(t, app.url, '?window=five_hour');
      t.like(fiveHour.stats, { total: 6, eligible_gaps: 1 });
    },
  );
});

test('with one counted reset or none the charts say so in words', async (t) => {
  await usingEvents([exactEvent('a', '2025-03-01T10:00:00Z', { windows: ['weekly'] })], async (app) => {
    const one = await (await fetch(`${app.url}/`)).text();
    t.notThrows(() => chartSvg(one, 'timeline'));
    t.regex(one, /there is no gap to show/);
    const none = await (await fetch(`${app.url}/?window=five_hour`)).text();
    t.regex(none, /<p class="chart-empty">No counted reset matches these filters\.<\/p>/);
  });
});
