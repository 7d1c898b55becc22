import path from 'node:path';
import test from 'ava';
import { PAGES_PER_POLL } from '../../../server/leads/read-news.js';
import { dailyRequests, readSourcesFile } from '../../../server/leads/sources-file.js';
import { fixture, noneAnswered, setUp } from '../../helpers/lead-watcher.js';
import { ROOT } from '../../helpers/fixtures.js';

/** What a day of oEmbed reads and the X search's further pages may add, at most, on a busy day. */
const ALLOWANCE = 40;

test('the shipped sources ask at most 1,000 times a day in all, the status page every two minutes', async (t) => {
  const sources = await readSourcesFile(path.join(ROOT, 'deploy/leads-sources.json'));
  const perDay = dailyRequests(sources, PAGES_PER_POLL);
  const total = perDay.reduce((sum, source) => sum + source.perDay, 0);
  t.is(perDay.find((source) => source.name === 'status-page')!.perDay, 720);
  t.true(total + ALLOWANCE <= 1_000, `${total} a day, and up to ${ALLOWANCE} oEmbed and X pages`);
});

test('a source unchanged for days is asked less often; the status page keeps its two minutes', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/shixi.json', { body: await fixture('peer-shixi.json'), etag: '"p1"' });
  setup.site.set('/history.atom', { body: await fixture('status-history.atom'), etag: '"s1"' });
  const watcher = setup.watcher(
    [
      { name: 'peer', kind: 'peer_data', url: `${setup.site.origin}/shixi.json` },
      { name: 'status', kind: 'status_page', url: `${setup.site.origin}/history.atom` },
    ],
    { answered: noneAnswered },
  );
  const nextIn = async (name: string) =>
    (JSON.parse((await setup.store.leads.sourceState(name))!) as { nextAt: number }).nextAt - setup.now;
  await watcher.round();
  t.is(await nextIn('peer'), 120 * 60_000);
  // Three quiet days (every answer a 304): the peer is asked half as often, the status page not.
  setup.now += 3 * 86_400_000;
  await watcher.round(true);
  t.is(await nextIn('peer'), 240 * 60_000);
  t.is(await nextIn('status'), 2 * 60_000);
  setup.now += 5 * 86_400_000;
  await watcher.round(true);
  t.is(await nextIn('peer'), 480 * 60_000, 'a quiet week: a quarter as often');
  // It changes: asked at its own interval again.
  setup.site.set('/shixi.json', {
    body: (await fixture('peer-shixi.json')).replaceAll('2105721630051692804', '2105721630051692805'),
    etag: '"p2"',
  });
  await watcher.round(true);
  t.is(await nextIn('peer'), 120 * 60_000);
});
