import test from 'ava';
import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { ResetSummary } from '../../../../domain/schemas/index.js';
import { CSV_COLUMNS } from '../../../../server/site/exports/resets-csv.js';
import { assertProblem, FILTER_COMBINATIONS, revalidate, withoutGeneratedAt } from '../../../helpers/api.js';
import { dateEvent, exactEvent } from '../../../helpers/events.js';
import { BASE_URL } from '../../../helpers/fixtures.js';
import { usingServer, withServer } from '../../../helpers/with-server.js';

type Event = ResetSummary;
interface Page {
  readonly data: Event[];
}

/** iCalendar date-times have whole seconds. */
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
const json = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
const query = (filters: { audience: string; window: string }) =>
  `audience=${filters.audience}&window=${filters.window}`;

test(
  '/resets.csv: RFC 4180 with a header, one row per counted reset, field by field as the API',
  withServer,
  async (t, server) => {
    for (const filters of FILTER_COMBINATIONS) {
      const response = await fetch(`${server.url}/resets.csv?${query(filters)}`);
      t.is(response.status, 200);
      t.is(response.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
      t.regex(
        response.headers.get('content-disposition') ?? '',
        /^attachment; filename="resets[\w-]*\.csv"$/,
      );
      const text = await response.text();
      t.true(text.includes('\r\n'), 'CRLF line ends');
      const rows = parseCsv<Record<string, string>>(text, { columns: true, skip_empty_lines: true });
      t.deepEqual(Object.keys(rows[0] ?? Object.fromEntries(CSV_COLUMNS.map((c) => [c, '']))), [
        ...CSV_COLUMNS,
      ]);
      const api = await json<Page>(`${server.url}/api/v1/resets?limit=100&order=asc&${query(filters)}`);
      t.is(rows.length, api.data.length, query(filters));
      api.data.forEach((event, i) => {
        const row = rows[i]!;
        const original = event.sources.find((source) => source.role === 'original');
        t.like(row, {
          id: event.id,
          title: event.title,
          announced_at: event.announced_at ?? '',
          announced_on: event.announced_on ?? '',
          event_url: event.url,
          source_url: original?.url ?? '',
          revision: String(event.revision),
          windows: event.windows.join(' '),
        });
      });
    }
  },
);

test('/data/events.json: the whole published set with meta, each record valid, same ETag on every process', async (t) => {
  const fetchSet = () =>
    usingServer({}, async (server) => {
      const response = await fetch(`${server.url}/data/events.json`);
      t.is(response.headers.get('content-disposition'), 'attachment; filename="events.json"');
      return {
        etag: response.headers.get('etag'),
        body: (await response.json()) as { data: Event[]; meta: { generated_at: string } },
      };
    });
  const [first, second] = await Promise.all([fetchSet(), fetchSet()]);
  t.is(first.etag, second.etag);
  t.deepEqual(withoutGeneratedAt(first.body), withoutGeneratedAt(second.body));
  const kinds = new Set(first.body.data.map((event) => event.kind));
  const statuses = new Set(first.body.data.map((event) => event.event_status));
  t.true(kinds.size > 1 && statuses.size > 2, 'every kind and status, not only counted resets');
  for (const event of first.body.data) t.true(ResetSummary.safeParse(event).success, event.id);
  const counted = first.body.data.filter(
    (event) => event.kind === 'usage_reset' && event.event_status === 'confirmed',
  );
  const status = await usingServer({}, (server) =>
    json<{ data: { stats: { total: number } } }>(`${server.url}/api/v1/status`),
  );
  t.is(counted.length, status.data.stats.total);
});

test(
  '/calendar.ics: RFC 5545, parsed by ical.js, one VEVENT per usage reset with UID, SEQUENCE and status',
  withServer,
  async (t, server) => {
    const response = await fetch(`${server.url}/calendar.ics`);
    t.is(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent');
    const all = await json<{ data: Event[] }>(`${server.url}/data/events.json`);
    const resets = all.data.filter((event) => event.kind === 'usage_reset');
    t.is(events.length, resets.length);
    const byUid = new Map(events.map((vevent) => [String(vevent.getFirstPropertyValue('uid')), vevent]));
    for (const event of resets) {
      const vevent = byUid.get(event.url);
      if (!vevent) {
        t.fail(`no VEVENT for ${event.id}`);
        continue;
      }
      t.is(vevent.getFirstPropertyValue('url'), event.url);
      t.is(Number(vevent.getFirstPropertyValue('sequence')), event.revision, event.id);
      const modified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time;
      t.is(modified.toJSDate().getTime(), seconds(event.revised_at), event.id);
      const cancelled = event.event_status === 'cancelled' || event.event_status === 'retracted';
      t.is(vevent.getFirstPropertyValue('status'), cancelled ? 'CANCELLED' : 'CONFIRMED', event.id);
      const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
      if (event.event_status === 'announced' && event.effective_at) {
        t.is(start.toJSDate().getTime(), seconds(event.effective_at), `${event.id} at its effective time`);
      } else if (event.announced_at && event.event_status !== 'announced') {
        t.is(start.toJSDate().getTime(), seconds(event.announced_at), event.id);
      } else {
        t.true(start.isDate, `${event.id} is all-day`);
      }
    }
    const filtered = new ICAL.Component(
      ICAL.parse(
        await (await fetch(`${server.url}/calendar.ics?audience=max&window=weekly`)).text(),
      ) as unknown[],
    );
    t.true(filtered.getAllSubcomponents('vevent').length < events.length);
  },
);

test(
  '/feed.atom: Atom parsed by rss-parser has the RSS feed’s entries, with published and updated',
  withServer,
  async (t, server) => {
    const parser = new Parser();
    const atomText = await (await fetch(`${server.url}/feed.atom`)).text();
    t.regex(atomText, /<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/);
    const atom = await parser.parseString(atomText);
    const rss = await parser.parseString(await (await fetch(`${server.url}/feed.xml`)).text());
    const pairs = (items: { guid?: string; id?: string; title?: string }[], key: 'guid' | 'id') =>
      items.map((item): [string, string] => [String(item[key]), String(item.title)]);
    t.deepEqual(pairs(atom.items, 'id'), pairs(rss.items, 'guid'));
    const all = await json<{ data: Event[] }>(`${server.url}/data/events.json`);
    const byUrl = new Map(all.data.map((event) => [event.url, event]));
    for (const entry of atom.items) {
      const event = byUrl.get(String(entry.id));
      t.truthy(event, String(entry.id));
      t.is(Date.parse(String(entry.isoDate ?? entry.pubDate)), Date.parse(event!.first_published_at));
    }
    const home = await (await fetch(`${server.url}/`)).text();
    t.regex(home, /<link\s+rel="alternate"\s+type="application\/atom\+xml"/);
  },
);

test('/llms.txt names every operation of the OpenAPI document', withServer, async (t, server) => {
  const response = await fetch(`${server.url}/llms.txt`);
  t.is(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  const text = await response.text();
  t.regex(text, /^# .+\n\n> /);
  t.regex(
    text,
    /Claude, Anthropic's AI assistant\. This site is independent and not affiliated with Anthropic\./,
  );
  const document = await json<{ paths: Record<string, { get: { operationId: string } }> }>(
    `${server.url}/api/openapi.json`,
  );
  for (const [path, item] of Object.entries(document.paths)) {
    t.true(text.includes(`[${item.get.operationId}](`), item.get.operationId);
    t.true(text.includes(`/api${path})`), path);
  }
});

test(
  'exports answer a plain If-None-Match with 304, HEAD like GET, and a bad filter with the API’s 400',
  withServer,
  async (t, server) => {
    for (const path of ['/resets.csv', '/calendar.ics', '/data/events.json', '/feed.atom', '/llms.txt']) {
      const first = await fetch(`${server.url}${path}`);
      await first.arrayBuffer();
      t.is(first.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300', path);
      t.is(first.headers.get('access-control-allow-origin'), '*', path);
      t.is((await revalidate(`${server.url}${path}`, first.headers.get('etag')!)).status, 304, path);
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      t.is(head.headers.get('etag'), first.headers.get('etag'), path);
    }
    for (const path of [
      '/resets.csv?audience=everyone',
      '/calendar.ics?window=daily',
      '/resets.csv?nope=1',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      const parameter = path.slice(path.indexOf('?') + 1, path.indexOf('='));
      await assertProblem(t, response, {
        status: 400,
        code: parameter === 'nope' ? 'unknown_parameter' : 'invalid_parameter',
        parameter,
      });
    }
  },
);

test("a stated end is exported beside the records and drawn as the calendar event's DTEND", async (t) => {
  const increase = exactEvent('weekly-boost', '2026-05-13T20:41:14Z', {
    kind: 'limit_increase',
    title: 'Weekly limits up 50 %',
  });
  const promotion = dateEvent('holiday-promotion', '2025-12-26', {
    kind: 'limit_increase',
    title: 'Double usage',
  });
  const reset = exactEvent('a-reset', '2026-06-13T18:00:00Z');
  const extras = {
    ends: { 'weekly-boost': '2026-07-14T01:00:00Z', 'holiday-promotion': '2025-12-31' },
    collection: { material_until: '2026-10-10' },
  };
  await usingServer({ events: [increase, promotion, reset], extras }, async (server) => {
    const set = await json<{ data: Event[]; ends_at: Record<string, string>; material_until: string }>(
      `${server.url}/data/events.json`,
    );
    t.deepEqual(set.ends_at, extras.ends);
    t.is(set.material_until, '2026-10-10');
    for (const event of set.data) t.true(ResetSummary.safeParse(event).success, 'the records stay closed');
    const calendar = new ICAL.Component(
      ICAL.parse(await (await fetch(`${server.url}/calendar.ics`)).text()) as unknown[],
    );
    const byUid = new Map(
      calendar
        .getAllSubcomponents('vevent')
        .map((vevent) => [String(vevent.getFirstPropertyValue('uid')), vevent]),
    );
    const boost = byUid.get(`${BASE_URL}/events/weekly-boost`);
    t.is(
      (boost?.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
      '2026-07-14T01:00:00.000Z',
    );
    const holiday = byUid.get(`${BASE_URL}/events/holiday-promotion`);
    const end = holiday?.getFirstPropertyValue('dtend') as ICAL.Time;
    t.true(end.isDate, 'a day alone is an all-day end');
    t.is(end.toString(), '2026-01-01', 'DTEND is the day after the last day');
    t.truthy(byUid.get(`${BASE_URL}/events/a-reset`));
    t.is(byUid.size, 3);
  });
});
