import test from 'ava';
import type { StatusData } from '../../../../domain/schemas/index.js';
import { exactEvent } from '../../../helpers/events.js';
import { startServer } from '../../../helpers/with-server.js';
import { usingServer } from '../../../helpers/with-server.js';
import { getText, revalidate, squash } from '../../../helpers/html.js';
import { BASE_URL } from '../../../helpers/fixtures.js';

let demo: Awaited<ReturnType<typeof startServer>> | undefined;
test.before(async () => {
  demo = await startServer();
});
test.after.always(async () => {
  await demo?.stop();
});

const status = async (query: string) =>
  ((await (await fetch(`${demo!.url}/api/v1/status${query}`)).json()) as { data: StatusData }).data;

test('the card may be framed by any site; other pages and a 404 still refuse framing', async (t) => {
  const card = await fetch(`${demo!.url}/embed`);
  t.is(card.status, 200);
  const csp = card.headers.get('content-security-policy') ?? '';
  t.regex(csp, /frame-ancestors \*/);
  t.regex(csp, /default-src 'none'/);
  t.notRegex(csp, /script-src/);
  t.is(card.headers.get('x-frame-options'), null);
  for (const path of ['/', '/sources', '/docs', '/events/2025-11-27-weekly-reset-everyone', '/nope']) {
    const res = await fetch(`${demo!.url}${path}`);
    t.regex(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
  }
});

test('the card has no script, no inline style, and links back to the site for the same filters', async (t) => {
  const { body } = await getText(`${demo!.url}/embed?audience=max&window=weekly`);
  t.notRegex(body, /<script|style="|<style/);
  t.true(body.includes(`href="${BASE_URL}/?audience=max&amp;window=weekly"`));
  t.regex(body, /<link rel="stylesheet" href="\/assets\/embed\.[A-Za-z0-9_-]{10}\.css" \/>/);
  t.regex(body, /target="_blank" rel="noopener"/);
});

for (const query of ['?audience=max&window=five_hour', '?window=weekly', '?audience=team']) {
  test(`the card for ${query} shows the latest reset and the announced reset of the API`, async (t) => {
    const { body } = await getText(`${demo!.url}/embed${query}`);
    const data = await status(query);
    const latest = data.latest_reset ?? data.latest_ambiguous?.[0] ?? null;
    t.truthy(latest);
    if (data.latest_reset) t.true(body.includes(`href="${data.latest_reset.url}"`));
    if (data.stats.days_since_last !== null) {
      const days = Math.floor(data.stats.days_since_last);
      t.regex(
        body,
        days < 1 ? /less than a day ago/ : new RegExp(`${days < 2 ? '1 day' : `${days} days`} ago`),
      );
    }
    if (data.latest_ambiguous) t.regex(body, /order is not known/);
    if (data.announced_reset) {
      t.true(body.includes(`href="${data.announced_reset.url}"`));
      t.regex(body, /Announced, not yet counted/);
    }
  });
}

test('the card is cached like the pages and answers 304 and HEAD', async (t) => {
  const first = await fetch(`${demo!.url}/embed?window=weekly`);
  await first.arrayBuffer();
  t.is(first.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300');
  const etag = first.headers.get('etag');
  t.truthy(etag);
  t.is((await revalidate(`${demo!.url}/embed?window=weekly`, etag!)).status, 304);
  const head = await fetch(`${demo!.url}/embed?window=weekly`, { method: 'HEAD' });
  t.is(head.headers.get('etag'), etag);
  t.is((await fetch(`${demo!.url}/embed`, { method: 'DELETE' })).status, 405);
});

test('a bad filter gets the API 400 problem: as a page, or as problem+json when asked', async (t) => {
  const page = await fetch(`${demo!.url}/embed?window=daily`);
  t.is(page.status, 400);
  t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
  t.regex(await page.text(), /Invalid filter/);
  t.regex(
    page.headers.get('content-security-policy') ?? '',
    /frame-ancestors \*/,
    'the card’s error page can be framed too',
  );
  const res = await fetch(`${demo!.url}/embed?window=daily`, {
    headers: { Accept: 'application/problem+json' },
  });
  t.is(res.status, 400);
  t.like(await res.json(), { code: 'invalid_parameter', parameter: 'window' });
});

test('the days since the latest exact reset move with the clock, a new body each day', async (t) => {
  const clock = { now: Date.parse('2025-03-04T11:00:00Z') };
  await usingServer(
    { events: [exactEvent('a', '2025-03-01T10:00:00Z')], clock: () => clock.now },
    async (app) => {
      const first = await fetch(`${app.url}/embed`);
      t.regex(squash(await first.text()), /<p class="big">3 days ago<\/p>/);
      clock.now += 3_600_000;
      const later = await fetch(`${app.url}/embed`);
      await later.arrayBuffer();
      t.is(later.headers.get('etag'), first.headers.get('etag'));
      clock.now += 86_400_000;
      t.regex(squash(await (await fetch(`${app.url}/embed`)).text()), /4 days ago/);
    },
  );
});
