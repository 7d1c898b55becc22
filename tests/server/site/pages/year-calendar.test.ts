import test from 'ava';
import { startServer } from '../../../helpers/with-server.js';
import type { RunningServer } from '../../../helpers/with-server.js';

let server: RunningServer;
// Tuesday 24 November 2026, UTC: the calendar ends on Saturday 28 November.
const NOW = Date.parse('2026-11-24T12:00:00Z');

test.before(async () => {
  server = await startServer({ clock: () => NOW });
});
test.after.always(() => server?.stop());

test('the home page has a 53-week calendar: 7 weekday rows, a link per day with resets, a legend', async (t) => {
  const body = await (await fetch(`${server.url}/`)).text();
  const calendar = /<section class="calendar"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
  t.truthy(calendar);
  t.is((calendar.match(/<th scope="col" class="cal-week">/g) ?? []).length, 53);
  // Month names head their weeks: every week under one, from the 1st of December 2025 on.
  const months = [
    ...calendar.matchAll(/<(th|td)( scope="col")? colspan="(\d+)"( class="cal-month"><span>(\w*))?/g),
  ];
  t.is(
    months.reduce((sum, match) => sum + Number(match[3]), 0),
    53,
  );
  t.deepEqual(
    months.map((match) => match[5] ?? ''),
    ['', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'],
  );
  t.is((calendar.match(/<th scope="row" class="cal-weekday">/g) ?? []).length, 7);
  t.is((calendar.match(/<td class="cal-day /g) ?? []).length, 371);
  t.regex(calendar, /role="region" aria-label="Calendar of resets, scrollable" tabindex="0"/);
  // A day with a reset links its event and says what it is.
  t.regex(
    calendar,
    /<td class="cal-day cal-exact">\s*<a href="\/events\/[^"]+" title="Fri 20 Nov 2026, 1 reset \(at 14:05 UTC\): [^"]+">/,
  );
  t.regex(
    calendar,
    /<td class="cal-day cal-announced">\s*<a href="\/events\/[^"]+" title="Wed 18 Nov 2026, announced, awaiting confirmation: /,
  );
  // The days after today are outside, and say so.
  t.regex(
    calendar,
    /<td class="cal-day cal-out"><span class="visually-hidden">Sat 28 Nov 2026, outside coverage<\/span><\/td>/,
  );
  for (const item of [
    'reset, exact time',
    'reset, date only',
    'announced, awaiting confirmation',
    'outside coverage',
    'no reset',
  ])
    t.true(calendar.includes(item), item);
});

test('for each filter view, the calendar marks exactly the days the API lists resets on', async (t) => {
  const queries = ['all', 'broad', 'max', 'pro', 'team'].flatMap((audience) =>
    ['any', 'five_hour', 'weekly'].map((window) =>
      audience === 'all' && window === 'any' ? '' : `?audience=${audience}&window=${window}`,
    ),
  );
  t.is(queries.length, 15);
  for (const query of queries) {
    const body = await (await fetch(`${server.url}/${query}`)).text();
    const calendar = /<section class="calendar"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
    const marked = (calendar.match(/class="cal-day cal-(exact|date)"/g) ?? []).length;
    const params = new URLSearchParams(query.slice(1));
    params.set('from', '2025-11-23');
    params.set('limit', '100');
    const listed = (await (await fetch(`${server.url}/api/v1/resets?${params.toString()}`)).json()) as {
      data: { announced_at: string | null; announced_on: string | null }[];
    };
    const days = new Set(
      listed.data.map((event) => (event.announced_at ?? event.announced_on ?? '').slice(0, 10)),
    );
    t.is(marked, days.size, query || '/');
  }
});
