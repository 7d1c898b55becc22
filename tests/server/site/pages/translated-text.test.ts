/**
 * Editorial text in the reader's language (docs/product-decisions.md §16): the demo fixture's
 * translations are shown on their language's pages; a missing or stale one falls back to English,
 * marked `lang="en"`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import escapeHtml from 'escape-html';
import test from 'ava';
import type { RunningServer } from '../../../../server/server.js';
import { getText, squash } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';
import { DEMO_FIXTURE } from '../../../helpers/fixtures.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface Translation {
  readonly revision: number;
  readonly title: string;
  readonly summary: string;
  readonly effective_note?: string;
  readonly statement: string;
}
interface EventFile {
  readonly title: string;
  readonly summary: string;
  readonly effective_note?: string;
  readonly audience: { readonly statement: string };
  readonly translations: Readonly<Record<string, Translation>>;
}

const read = async (id: string) =>
  JSON.parse(await readFile(path.join(DEMO_FIXTURE, 'events', `${id}.json`), 'utf8')) as EventFile;

/** Translated into Japanese and Korean at its current revision; it has an effective note. */
const NOTED = '2025-01-14-five-hour-reset-all-users';
/** The newest reset, translated into Japanese and Simplified Chinese. */
const NEWEST = '2026-11-20-five-hour-reset-team';
/** At revision 3, its Japanese translation made from revision 2. */
const STALE = '2026-04-08-reset-after-usage-meter-incident';

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

const page = async (pathname: string) => {
  const { res, body } = await getText(`${site!.url}${pathname}`);
  return { status: res.status, body: squash(body) };
};
const english = (text: string) => `<span lang="en">${escapeHtml(text)}</span>`;

test('a Japanese event page shows the translated title, summary, note and statement in the page language', async (t) => {
  const event = await read(NOTED);
  const ja = event.translations['ja']!;
  const { status, body } = await page(`/ja/events/${NOTED}`);
  t.is(status, 200);
  t.true(body.startsWith('<!doctype html><html lang="ja"'), body.slice(0, 60));
  t.true(body.includes(`<h1>${escapeHtml(ja.title)}</h1>`));
  t.true(body.includes(`<p>${escapeHtml(ja.summary)}</p>`));
  t.true(body.includes(escapeHtml(ja.effective_note)));
  t.true(body.includes(`<dd>${escapeHtml(ja.statement)}</dd>`));
  t.true(body.includes(`<title>${escapeHtml(ja.title)}`));
  t.true(body.includes(`<meta name="description" content="${escapeHtml(ja.summary)}">`));
  for (const text of [event.title, event.summary, event.effective_note!, event.audience.statement])
    t.false(body.includes(escapeHtml(text)), text);
});

test('the same event keeps its English on the English page and on a language it is not translated into', async (t) => {
  const event = await read(NOTED);
  const en = await page(`/events/${NOTED}`);
  t.true(en.body.includes(`<h1>${escapeHtml(event.title)}</h1>`));
  t.false(en.body.includes(escapeHtml(event.translations['ja']!.title)));
  const zhTW = await page(`/zh-TW/events/${NOTED}`);
  t.true(zhTW.body.includes(`<h1>${english(event.title)}</h1>`));
  t.true(zhTW.body.includes(`<p>${english(event.summary)}</p>`));
  t.true(zhTW.body.includes(`<dd>${english(event.audience.statement)}</dd>`));
  t.true(zhTW.body.includes(english(event.effective_note!)));
});

test('a stale translation falls back to English marked lang="en"', async (t) => {
  const event = await read(STALE);
  const stale = event.translations['ja']!;
  const { status, body } = await page(`/ja/events/${STALE}`);
  t.is(status, 200);
  t.true(body.includes(`<h1>${english(event.title)}</h1>`));
  t.true(body.includes(`<p>${english(event.summary)}</p>`));
  t.true(body.includes(`<dd>${english(event.audience.statement)}</dd>`));
  for (const text of [stale.title, stale.summary, stale.statement])
    t.false(body.includes(escapeHtml(text)), text);
});

test('home, history, the card and the calendar name a translated event in the page language', async (t) => {
  const event = await read(NEWEST);
  for (const language of ['ja', 'zh-CN']) {
    const translation = event.translations[language]!;
    const link = (href: string) => `<a href="${href}">${escapeHtml(translation.title)}</a>`;
    const home = await page(`/${language}/`);
    t.true(home.body.includes(link(`/${language}/events/${NEWEST}`)), `${language} home`);
    t.true(home.body.includes(escapeHtml(translation.statement)), `${language} home statement`);
    // The calendar's day label (its tooltip) names the day's first event.
    t.regex(home.body, new RegExp(`title="[^"]*${escapeHtml(translation.title)}"`), `${language} calendar`);
    const history = await page(`/${language}/history`);
    t.true(history.body.includes(link(`/${language}/events/${NEWEST}`)), `${language} history`);
    const card = await page(`/${language}/embed`);
    t.true(card.body.includes(`>${escapeHtml(translation.title)}</a>`), `${language} card`);
  }
  const ko = await page('/ko/');
  t.true(ko.body.includes(`<a href="/ko/events/${NEWEST}">${english(event.title)}</a>`));
});

test('translations stay out of the API, MCP, feeds and exports', async (t) => {
  const texts = await Promise.all([NOTED, NEWEST, STALE].map(read));
  const translated = texts.flatMap((event) => Object.values(event.translations).map((tr) => tr.title));
  for (const pathname of [
    '/api/v1/resets?limit=100',
    '/api/v1/status',
    '/data/events.json',
    '/feed.xml',
    '/feed.json',
    '/feed.atom',
    '/resets.csv',
    '/calendar.ics',
  ]) {
    const { status, body } = await page(pathname);
    t.is(status, 200, pathname);
    t.false(body.includes('translations'), pathname);
    for (const title of translated) t.false(body.includes(title), `${pathname}: ${title}`);
  }
  const client = new Client({ name: 'translations-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${site!.url}/mcp`)));
  try {
    const { tools } = await client.listTools();
    t.true(tools.length >= 3);
    for (const { name } of tools) {
      const text = JSON.stringify(
        await client.callTool({ name, arguments: name === 'list_resets' ? { limit: 100 } : {} }),
      );
      t.false(text.includes('translations'), name);
      for (const title of translated) t.false(text.includes(title), `${name}: ${title}`);
    }
  } finally {
    await client.close();
  }
});
