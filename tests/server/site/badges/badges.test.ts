import { DOMParser } from '@xmldom/xmldom';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { Ajv } from 'ajv';
import type { StatusData } from '../../../../domain/schemas/index.js';
import { renderBadgeSvg, textWidth } from '../../../../server/site/badges/badge-svg.js';
import { dateEvent, exactEvent } from '../../../helpers/events.js';
import { startServer } from '../../../helpers/with-server.js';
import { usingServer } from '../../../helpers/with-server.js';
import { revalidate } from '../../../helpers/html.js';

interface SvgNode {
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<SvgNode>;
  readonly textContent: string | null;
  readonly tagName: string;
}

/** A badge parsed as a standalone SVG document: well-formed XML in the SVG namespace. */
function parseBadge(body: string): SvgNode {
  const errors: string[] = [];
  const parser = new DOMParser({ onError: (level, message) => void errors.push(`${level}: ${message}`) });
  const svg = parser.parseFromString(body, 'image/svg+xml').documentElement as unknown as SvgNode | null;
  if (!svg || errors.length > 0) throw new Error(`not a well-formed SVG: ${errors.join('; ')}`);
  return svg;
}

/** The label and message as drawn: the text elements that are not shadows. */
function badgeTexts(svg: SvgNode): { title: string; texts: string[] } {
  const texts = Array.from(svg.getElementsByTagName('text'))
    .filter((text) => text.getAttribute('aria-hidden') !== 'true')
    .map((text) => text.textContent ?? '');
  return { title: svg.getElementsByTagName('title')[0]?.textContent ?? '', texts };
}

/** shields.io's endpoint badge schema (https://shields.io/badges/endpoint-badge). */
const SHIELDS_ENDPOINT_SCHEMA = {
  type: 'object',
  required: ['schemaVersion', 'label', 'message'],
  additionalProperties: false,
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: { type: 'string', minLength: 1 },
    color: { type: 'string', minLength: 1 },
    labelColor: { type: 'string' },
    isError: { type: 'boolean' },
    namedLogo: { type: 'string' },
    logoSvg: { type: 'string' },
    logoColor: { type: 'string' },
    logoWidth: { type: 'number' },
    style: { type: 'string' },
    cacheSeconds: { type: 'integer', minimum: 0 },
  },
};
const validateEndpoint = new Ajv({ strict: true }).compile(SHIELDS_ENDPOINT_SCHEMA);

/** What the last-reset badge must say for a status, by the rules of the issue. */
function expectedMessage(status: StatusData): string {
  const { stats } = status;
  if (stats.days_since_last !== null) {
    const days = Math.floor(stats.days_since_last);
    if (days >= 1) return `${days} day${days === 1 ? '' : 's'} ago`;
    const hours = Math.floor(stats.days_since_last * 24);
    if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
    const minutes = Math.floor(stats.days_since_last * 24 * 60);
    return minutes < 1 ? 'just now' : `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  }
  if (status.latest_ambiguous) return `${stats.last_reset_on} (ambiguous)`;
  return stats.last_reset_on ?? 'none';
}

let demo: Awaited<ReturnType<typeof startServer>> | undefined;
test.before(async () => {
  demo = await startServer();
});
test.after.always(async () => {
  await demo?.stop();
});

async function statusOf(base: string, query: string): Promise<StatusData> {
  return ((await (await fetch(`${base}/api/v1/status${query}`)).json()) as { data: StatusData }).data;
}

async function badge(base: string, path: string) {
  const res = await fetch(`${base}${path}`);
  return { res, body: await res.text() };
}

async function checkBadges(t: ExecutionContext, base: string, query: string): Promise<string> {
  const status = await statusOf(base, query);
  const last = await badge(base, `/badge.svg${query}`);
  t.is(last.res.status, 200);
  t.is(last.res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  const { title, texts } = badgeTexts(parseBadge(last.body));
  const message = expectedMessage(status);
  t.is(texts[1], message, `/badge.svg${query}`);
  t.regex(texts[0] ?? '', /^last reset/);
  t.is(title, `${texts[0]}: ${texts[1]}`);

  const endpoint = await badge(base, `/badge.json${query}`);
  t.regex(endpoint.res.headers.get('content-type') ?? '', /^application\/json/);
  const json = JSON.parse(endpoint.body) as unknown;
  t.true(validateEndpoint(json), JSON.stringify(validateEndpoint.errors));
  t.like(json, { schemaVersion: 1, label: texts[0], message });

  const count = badgeTexts(parseBadge((await badge(base, `/badge/resets.svg${query}`)).body));
  t.deepEqual(count.texts.slice(1), [String(status.stats.total)]);
  t.regex(count.texts[0] ?? '', /^counted resets/);
  return message;
}

for (const query of [
  '',
  '?audience=max',
  '?window=five_hour',
  '?audience=pro&window=weekly',
  '?audience=team',
]) {
  test(`badges for /badge.svg${query} say what /api/v1/status says`, async (t) => {
    await checkBadges(t, demo!.url, query);
  });
}

test('for Max and weekly the demo newest day is ambiguous, and the badge says so with the date', async (t) => {
  t.regex(
    await checkBadges(t, demo!.url, '?audience=max&window=weekly'),
    /^\d{4}-\d{2}-\d{2} \(ambiguous\)$/,
  );
});

test('a filtered badge names its filters in the label', async (t) => {
  const { texts } = badgeTexts(
    parseBadge((await badge(demo!.url, '/badge.svg?audience=max&window=five_hour')).body),
  );
  t.is(texts[0], 'last reset (max, five-hour)');
});

test('badges are cacheable like the feeds: ETag, Cache-Control, 304, HEAD, CORS, no script', async (t) => {
  for (const path of ['/badge.svg', '/badge/resets.svg?window=weekly', '/badge.json?audience=pro']) {
    const res = await fetch(`${demo!.url}${path}`);
    await res.arrayBuffer();
    t.is(res.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300', path);
    t.is(res.headers.get('access-control-allow-origin'), '*', path);
    const etag = res.headers.get('etag');
    t.truthy(etag, path);
    t.is((await revalidate(`${demo!.url}${path}`, etag!)).status, 304, path);
    const head = await fetch(`${demo!.url}${path}`, { method: 'HEAD' });
    t.is(head.status, 200, path);
    t.is(head.headers.get('etag'), etag, path);
    if (path.includes('.svg')) t.is(res.headers.get('content-security-policy'), "default-src 'none'");
  }
});

test('badges refuse writes with 405 and Allow', async (t) => {
  const res = await fetch(`${demo!.url}/badge.svg`, { method: 'POST' });
  t.is(res.status, 405);
  t.is(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
});

for (const query of [
  '?audience=everyone',
  '?window=',
  '?audience=max&audience=pro',
  '?audiance=max',
  '?limit=5',
]) {
  test(`a bad filter (${query}) gets the API's 400 problem from every badge`, async (t) => {
    const api = await fetch(`${demo!.url}/api/v1/status${query}`);
    const expected = await api.json();
    t.is(api.status, 400);
    for (const path of ['/badge.svg', '/badge/resets.svg', '/badge.json']) {
      const res = await fetch(`${demo!.url}${path}${query}`);
      t.is(res.status, 400, path);
      t.is(res.headers.get('content-type'), 'application/problem+json', path);
      t.deepEqual(await res.json(), expected, path);
    }
  });
}

test('the elapsed time moves by the minute, hour and day, and the ETag only when the text does', async (t) => {
  const last = Date.parse('2025-03-10T12:00:00Z');
  const clock = { now: last + 5 * 60_000 + 30_000 };
  await usingServer(
    {
      events: [exactEvent('a', '2025-03-01T10:00:00Z'), exactEvent('b', '2025-03-10T12:00:00Z')],
      clock: () => clock.now,
    },
    async (app) => {
      const read = async () => {
        const res = await fetch(`${app.url}/badge.svg`);
        return { etag: res.headers.get('etag'), texts: badgeTexts(parseBadge(await res.text())).texts };
      };
      const minutes = await read();
      t.is(minutes.texts[1], '5 minutes ago');
      clock.now += 20_000;
      t.is((await read()).etag, minutes.etag, 'same minute, same body');
      clock.now = last + 3 * 3_600_000 + 60_000;
      t.is((await read()).texts[1], '3 hours ago');
      clock.now = last + 3 * 86_400_000 + 3_600_000;
      const days = await read();
      t.is(days.texts[1], '3 days ago');
      clock.now += 2 * 3_600_000;
      t.is((await read()).etag, days.etag, 'same day count, same body');
      clock.now += 86_400_000;
      t.is((await read()).texts[1], '4 days ago');
    },
  );
});

test('with only a date known the badge shows the date; with no reset it says none', async (t) => {
  await usingServer(
    {
      events: [
        exactEvent('a', '2025-03-01T10:00:00Z', { windows: ['weekly'] }),
        dateEvent('d', '2025-03-05', { windows: ['weekly'] }),
      ],
    },
    async (app) => {
      const texts = async (path: string) =>
        badgeTexts(parseBadge(await (await fetch(`${app.url}${path}`)).text())).texts;
      t.deepEqual(await texts('/badge.svg?window=weekly'), ['last reset (weekly)', '2025-03-05']);
      t.deepEqual(await texts('/badge/resets.svg?window=five_hour'), ['counted resets (five-hour)', '0']);
      const none = await fetch(`${app.url}/badge.json?window=five_hour`);
      t.deepEqual(await none.json(), {
        schemaVersion: 1,
        label: 'last reset (five-hour)',
        message: 'none',
        color: 'lightgrey',
      });
    },
  );
});

test('badge widths follow the text, measured with the Verdana 11px table shields uses', (t) => {
  const svg = parseBadge(renderBadgeSvg({ label: 'last reset', message: '3 days ago', color: 'blue' }));
  const label = textWidth('last reset');
  const message = textWidth('3 days ago');
  t.is(label % 2, 1, 'rounded up to odd');
  t.true(Math.abs(label - 51.41) <= 1.6);
  t.is(svg.getAttribute('width'), String(label + message + 20));
  const rects = Array.from(svg.getElementsByTagName('rect')).map((rect) => rect.getAttribute('width'));
  t.deepEqual(rects.slice(1, 3), [String(label + 10), String(message + 10)]);
  t.true(textWidth('WWWW') > textWidth('iiii'));
});

test('badge text is escaped', (t) => {
  const svg = parseBadge(renderBadgeSvg({ label: 'a<b>&"c"', message: "it's", color: 'yellow' }));
  t.deepEqual(badgeTexts(svg).texts, ['a<b>&"c"', "it's"]);
});
