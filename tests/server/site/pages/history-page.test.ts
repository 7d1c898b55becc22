import test from 'ava';
import { HISTORY_PAGE_ROWS, HOME_HISTORY_ROWS } from '../../../../server/site/pages/home-page.js';
import { usingServer } from '../../../helpers/with-server.js';
import { exactEvent } from '../../../helpers/events.js';
import { assertProblem } from '../../../helpers/api.js';

const COUNT = HISTORY_PAGE_ROWS + 30;
const events = Array.from({ length: COUNT }, (_, i) =>
  exactEvent(`e-${String(i).padStart(4, '0')}`, new Date(Date.UTC(2025, 0, 2) + i * 3_600_000).toISOString()),
);
const rowsOf = (body: string) =>
  [...body.matchAll(/<a href="\/events\/(e-\d{4})">/g)].map((match) => match[1]);

test('the home page lists the newest counted resets and links the whole history', async (t) => {
  await usingServer({ events }, async (app) => {
    const body = await (await fetch(`${app.url}/`)).text();
    const rows = rowsOf(body.slice(body.indexOf('id="history"')));
    t.is(rows.length, HOME_HISTORY_ROWS);
    t.is(rows[0], `e-${String(COUNT - 1).padStart(4, '0')}`);
    t.regex(body.replace(/\s+/g, ' '), /<a href="\/history" ?>The whole counted history \(130 resets\)/);
  });
});

test('/history pages walk every counted reset once, newest first, with prev and next links', async (t) => {
  await usingServer({ events }, async (app) => {
    const first = await (await fetch(`${app.url}/history`)).text();
    const second = await (await fetch(`${app.url}/history?page=2`)).text();
    const ids = [...rowsOf(first), ...rowsOf(second)];
    t.is(ids.length, COUNT);
    t.is(new Set(ids).size, COUNT);
    t.deepEqual(ids, [...ids].sort().reverse());
    t.regex(first, /rel="next" href="\/history\?page=2"/);
    t.notRegex(first, /rel="prev"/);
    t.regex(second, /rel="prev" href="\/history"/);
    t.notRegex(second, /rel="next"/);
    const filtered = await fetch(`${app.url}/history?audience=max&page=1`);
    t.is(filtered.status, 200);
  });
});

test('/history refuses a bad page number or filter, and a page past the end is 404', async (t) => {
  await usingServer({ events }, async (app) => {
    for (const query of ['page=0', 'page=-1', 'page=1e2', 'page=abc', 'audience=everyone', 'nope=1']) {
      const response = await fetch(`${app.url}/history?${query}`, {
        headers: { Accept: 'application/problem+json' },
      });
      await assertProblem(t, response, {
        status: 400,
        code: query === 'nope=1' ? 'unknown_parameter' : 'invalid_parameter',
        parameter: query.slice(0, query.indexOf('=')),
      });
    }
    t.is((await fetch(`${app.url}/history?page=3`)).status, 404);
  });
});
