import test from 'ava';
import { HOME_HISTORY_ROWS } from '../../../../server/site/pages/home-page.js';
import type { RunningServer } from '../../../../server/server.js';
import { getText, squash } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

const page = (path: string) => getText(`${site!.url}${path}`);
const api = async <T>(path: string) =>
  ((await (await fetch(`${site!.url}${path}`)).json()) as { data: T }).data;

interface Status {
  latest_reset: { url: string } | null;
  latest_ambiguous: { url: string }[] | null;
  announced_reset: { url: string; title: string } | null;
  stats: { total: number; days_since_last: number | null; eligible_gaps: number; total_gaps: number };
}

const localPath = (url: string) => new URL(url).pathname;
const historyLinks = (body: string) => {
  const table = /<h2 id="history">[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
  return [...table.matchAll(/href="(\/events\/[^"]+)"/g)].map((match) => match[1]);
};

test('shows the ambiguous latest candidates (Max, weekly) and the announced reset of the status API', async (t) => {
  const { res, body } = await page('/?audience=max&window=weekly');
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
  const status = await api<Status>('/api/v1/status?audience=max&window=weekly');
  t.is(status.latest_reset, null);
  for (const candidate of status.latest_ambiguous ?? [])
    t.true(body.includes(`href="${localPath(candidate.url)}"`));
  t.regex(body, /order is not known/);
  t.true(body.includes(`href="${localPath(status.announced_reset!.url)}"`));
  t.regex(body, /Announced, awaiting confirmation/);
});

test('shows the stats of the status API', async (t) => {
  const body = squash((await page('/')).body);
  const { stats } = await api<Status>('/api/v1/status');
  t.regex(body, new RegExp(`<dt>Counted resets</dt><dd>${stats.total}</dd>`));
  t.regex(body, new RegExp(`<dd>${stats.eligible_gaps} of ${stats.total_gaps}</dd>`));
});

test('the counted history lists the newest counted resets, newest first, linking their event pages', async (t) => {
  const { body } = await page('/');
  const resets = await api<{ url: string }[]>(`/api/v1/resets?limit=${HOME_HISTORY_ROWS}`);
  t.deepEqual(
    historyLinks(body),
    resets.map((event) => localPath(event.url)),
  );
});

test('/history lists every counted reset, newest first, linking its event page', async (t) => {
  const { body } = await page('/history');
  const resets = await api<{ url: string }[]>('/api/v1/resets?limit=100');
  const table = /<table>[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
  t.deepEqual(
    [...table.matchAll(/href="(\/events\/[^"]+)"/g)].map((match) => match[1]),
    resets.map((event) => localPath(event.url)),
  );
});

test('filters use the API semantics and show how long ago the latest exact reset was', async (t) => {
  const { res, body } = await page('/?audience=max&window=five_hour');
  t.is(res.status, 200);
  const status = await api<Status>('/api/v1/status?audience=max&window=five_hour');
  const resets = await api<{ url: string }[]>('/api/v1/resets?limit=100&audience=max&window=five_hour');
  t.deepEqual(
    historyLinks(body),
    resets.map((event) => localPath(event.url)),
  );
  t.truthy(status.latest_reset);
  t.true(body.includes(`href="${localPath(status.latest_reset!.url)}"`));
  const days = Math.floor(status.stats.days_since_last!);
  t.regex(body, days < 1 ? /less than a day ago/ : new RegExp(`${days < 2 ? '1 day' : `${days} days`} ago`));
});

test('filter links cover every audience and window and mark the current ones', async (t) => {
  const { body } = await page('/?window=weekly');
  for (const audience of ['broad', 'max', 'pro', 'team']) {
    t.true(body.includes(`href="/?audience=${audience}&amp;window=weekly"`), audience);
  }
  t.regex(body, /href="\/\?window=weekly"\s+aria-current="true">Everyone</);
  t.regex(body, /href="\/\?window=weekly"\s+aria-current="true">Weekly</);
  t.regex(body, /href="\/"\s*>Any window</);
  t.true(body.includes('href="/?window=five_hour"'));
});

for (const [query, pattern] of [
  ['?audience=everyone', /Invalid value for &quot;audience&quot;/],
  ['?window=', /&quot;window&quot; is empty/],
  ['?audience=max&audience=pro', /more than once/],
  ['?audiance=max', /Unknown query parameter &quot;audiance&quot;/],
] as const) {
  test(`an invalid filter (${query}) gets a 400 HTML page`, async (t) => {
    const { res, body } = await page(`/${query}`);
    t.is(res.status, 400);
    t.regex(res.headers.get('content-type') ?? '', /^text\/html/);
    t.regex(body, pattern);
  });
}

test('links the feeds, the sources, the API docs and the machine-readable view', async (t) => {
  const { body } = await page('/');
  for (const href of [
    '/feed.xml',
    '/feed.json',
    '/sources',
    '/docs',
    '/api/openapi.json',
    '/api/v1/status',
  ]) {
    t.true(body.includes(`href="${href}"`), href);
  }
});

test('with the default filters the page shows the one latest reset and the days since it', async (t) => {
  const card = /<section class="card hero" aria-labelledby="latest">[\s\S]*?<\/section>/.exec(
    (await page('/')).body,
  )?.[0];
  const status = await api<Status>('/api/v1/status');
  t.truthy(status.latest_reset, 'the demo set has an exact latest reset');
  t.truthy(card);
  t.notRegex(card!, /order is not known/);
  t.deepEqual(
    [...card!.matchAll(/href="(\/events\/[^"]+)"/g)].map((match) => match[1]),
    [localPath(status.latest_reset!.url)],
    'the card links the latest reset, and only it',
  );
  const days = Math.floor(status.stats.days_since_last!);
  t.regex(
    card!,
    days < 1 ? /less than a day ago/ : new RegExp(`>${days < 2 ? '1 day' : `${days} days`} ago<`),
  );
});
