import escapeHtml from 'escape-html';
import test from 'ava';
import { buildCatalog } from '../../../../domain/catalog.js';
import type { Catalog } from '../../../../domain/catalog.js';
import { loadContent } from '../../../../server/content/read-content.js';
import type { RunningServer } from '../../../../server/server.js';
import { getText, squash } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';
import { BASE_URL, DEMO_FIXTURE } from '../../../helpers/fixtures.js';

let site: RunningServer | undefined;
let catalog: Catalog;
test.before(async () => {
  const loaded = await loadContent(DEMO_FIXTURE);
  if (!loaded.ok) throw new Error('demo content is invalid');
  catalog = buildCatalog(loaded.content, { origin: BASE_URL });
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

const eventPage = async (id: string) => {
  const { res, body } = await getText(`${site!.url}/events/${id}`);
  return { res, body: squash(body) };
};

test('every event of any kind and status has a page with its title, summary, sources and record', async (t) => {
  for (const { record } of catalog.events) {
    const { res, body } = await eventPage(record.id);
    t.is(res.status, 200, record.id);
    t.true(body.includes(`<h1>${escapeHtml(record.title)}</h1>`), record.id);
    t.true(body.includes(escapeHtml(record.summary)), record.id);
    t.true(body.includes(`<link rel="canonical" href="${record.url}">`), record.id);
    for (const source of record.sources) {
      t.true(body.includes(`href="${escapeHtml(source.url)}"`), `${record.id} source link`);
      t.true(body.includes(escapeHtml(source.handle)), `${record.id} source handle`);
      t.regex(body, source.role === 'original' ? /Original/ : /Relay/);
      if (source.excerpt) t.true(body.includes(`<blockquote>${escapeHtml(source.excerpt)}</blockquote>`));
    }
    t.true(body.includes(`<dt>Revision</dt><dd>${record.revision}</dd>`), record.id);
    for (const id of record.related_event_ids)
      t.true(body.includes(`href="/events/${id}"`), `${record.id} → ${id}`);
  }
});

test('an exact event shows its UTC time to the second', async (t) => {
  const { body } = await eventPage('2025-11-27-weekly-reset-everyone');
  t.regex(
    body,
    /<dt>Announced<\/dt><dd><time datetime="2025-11-27T18:36:20\.\d{3}Z">Thu 27 Nov 2025, 18:36:20 UTC<\/time>/,
  );
});

test('a date-only event shows its date and never an invented time', async (t) => {
  const { body } = await eventPage('2025-05-20-weekly-reset-changelog');
  const announced = /<dt>Announced<\/dt><dd>(.*?)<\/dd>/.exec(body)?.[1] ?? '';
  t.regex(announced, /<time datetime="2025-05-20">Tue 20 May 2025<\/time>/);
  t.regex(announced, /date only/);
  t.notRegex(announced, /\d{2}:\d{2}/);
});

test('a retracted event has a banner with the reason and time, and is not counted', async (t) => {
  const { body } = await eventPage('2025-11-27-weekly-reset-everyone');
  const record = catalog.byId.get('2025-11-27-weekly-reset-everyone')!;
  t.regex(body, /class="banner banner-retracted"[^>]*><strong>Retracted\.<\/strong>/);
  t.true(body.includes(escapeHtml(record.correction!.reason)));
  t.true(body.includes(`datetime="${new Date(record.correction!.at).toISOString()}"`));
  t.regex(body, /<dt>Counted<\/dt><dd>No<\/dd>/);
});

test('a cancelled event and an announced one have their own banners', async (t) => {
  t.regex(
    (await eventPage('2026-03-18-pro-weekly-reset-called-off')).body,
    /banner-cancelled[^>]*><strong>Cancelled\.</,
  );
  const announced = (await eventPage('2026-08-04-team-five-hour-reset-announced')).body;
  t.regex(announced, /banner-announced[^>]*><strong>Announced, awaiting confirmation\.</);
  t.regex(announced, /<dt>Effective<\/dt><dd><time datetime="2026-08-06T00:00:00.000Z">/);
  t.regex(announced, /that alone does not confirm the reset/);
});

test('a corrected event shows the correction with its reason and time, and its revised date', async (t) => {
  const record = catalog.events
    .map((event) => event.record)
    .find((event) => event.correction?.kind === 'correction' && event.event_status === 'confirmed')!;
  const { body } = await eventPage(record.id);
  t.regex(body, /<h2>Correction<\/h2>/);
  t.true(body.includes(escapeHtml(record.correction!.reason)));
  t.true(body.includes(`<dt>Revised</dt><dd><time datetime="${new Date(record.revised_at).toISOString()}"`));
});

test('the audience statement, plans, windows and effective note are shown', async (t) => {
  const { body } = await eventPage('2025-01-14-five-hour-reset-all-users');
  t.regex(body, /<dt>Applies to<\/dt><dd>All users/);
  t.regex(body, /<dt>Plans<\/dt><dd>All plans/);
  t.regex(body, /<dt>Windows<\/dt><dd>five-hour<\/dd>/);
  t.regex(body, /Applied to every open five-hour window/);
});

test('an unknown event id gets a 404 HTML page, or problem+json when JSON is asked for', async (t) => {
  const { res, body } = await eventPage('no-such-event');
  t.is(res.status, 404);
  t.regex(res.headers.get('content-type') ?? '', /^text\/html/);
  t.regex(body, /No such event/);
  const json = await fetch(`${site!.url}/events/no-such-event`, { headers: { Accept: 'application/json' } });
  t.is(json.status, 404);
  t.regex(json.headers.get('content-type') ?? '', /^application\/problem\+json/);
  t.is(((await json.json()) as { code: string }).code, 'not_found');
});
