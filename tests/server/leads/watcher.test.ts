import path from 'node:path';
import test from 'ava';
import type { Answered } from '../../../server/leads/answered.js';
import { readAnswered } from '../../../server/leads/answered.js';
import type { SourceEntry } from '../../../server/leads/sources-file.js';
import type { SourceSummary } from '../../../server/leads/source-state.js';
import { Watcher } from '../../../server/leads/watcher.js';
import { recentSearch } from '../../../server/leads/read/x-recent.js';
import { decodePostTime } from '../../../domain/content/post-time.js';
import { ROOT, SHIPPED_CONTENT } from '../../helpers/fixtures.js';
import { wrapStore } from '../../helpers/store-parts.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';
import {
  LEDGER_POST,
  NEW_POST,
  SECRET,
  fixture,
  noneAnswered,
  setUp,
  watcherOptions,
} from '../../helpers/lead-watcher.js';

test('from a post to the curator: a peer cites a post the ledger lacks; one lead, its own words, told by a signed webhook', async (t) => {
  const setup = await setUp(t);
  const receiver = await startWebhookReceiver(SECRET);
  t.teardown(() => receiver.stop());
  setup.site.set('/shixi.json', { body: await fixture('peer-shixi.json') });
  setup.site.set('/feed.json', {
    body: JSON.stringify({ items: [{ external_url: NEW_POST, title: "(a peer's words)" }] }),
  });
  const watcher = setup.watcher(
    [
      { name: 'peer-shixi', kind: 'peer_data', url: `${setup.site.origin}/shixi.json` },
      { name: 'peer-clauderesets', kind: 'peer_data', url: `${setup.site.origin}/feed.json` },
    ],
    { webhook: `${receiver.origin}/leads` },
  );
  const summaries = await watcher.round();
  t.like(summaries[0], { name: 'peer-shixi', outcome: 'read', leads: 1, known: 1, passed: 1 });
  t.like(summaries[1], { name: 'peer-clauderesets', outcome: 'read', leads: 0, known: 1 });
  const [lead, ...more] = await setup.store.leads.leads();
  t.deepEqual(more, []);
  t.like(lead, {
    url: NEW_POST,
    postId: '2105721630051692804',
    postedAt: Date.parse('2026-10-01T18:08:53.677Z'),
    title: 'Claude (@claudeai)',
    matched: ['usage limits'],
    sources: ['peer-shixi', 'peer-clauderesets'],
    outcome: 'open',
    toldAt: setup.now,
  });
  t.regex(lead!.words, /^For two weeks, start a design, deck, or doc/);
  t.notRegex(lead!.words, /a peer's words/, "never a peer's words");
  t.is(receiver.refused.length, 0);
  t.is(receiver.received.length, 1, 'told once');
  const message = JSON.parse(receiver.received[0]!.body) as {
    type: string;
    data: { leads: { url: string; sources: string[] }[] };
  };
  t.is(message.type, 'leads.new');
  t.deepEqual(
    message.data.leads.map((lead) => lead.url),
    [NEW_POST],
  );
  t.true(
    setup.site.requests.some((request) => request.path.startsWith('/oembed?url=')),
    'read through oEmbed',
  );
  // Another round: nothing new, nobody told again.
  await watcher.round(true);
  t.is((await setup.store.leads.leads()).length, 1);
  t.is(receiver.received.length, 1);
});

test('a source at fault is one log line per cause, backs off, and the others go on', async (t) => {
  const setup = await setUp(t);
  const site = setup.site;
  site.set('/bad.atom', { body: '<html><body>Just a moment…</body></html>' });
  site.set('/huge.atom', { hugeBytes: 4 * 1024 * 1024 });
  site.set('/hang.atom', { stall: true });
  site.set('/five.atom', { status: 502 });
  site.set('/busy.atom', { status: 429, headers: { 'retry-after': '600' } });
  site.set('/away.atom', { redirect: `${site.origin.replace('127.0.0.1', 'localhost')}/good.atom` });
  site.set('/good.atom', { body: await fixture('status-history.atom'), etag: '"h1"' });
  const feed = (name: string): SourceEntry => ({
    name,
    kind: 'status_page',
    url: `${site.origin}/${name}.atom`,
  });
  const names = ['bad', 'huge', 'hang', 'five', 'busy', 'away', 'good'];
  // A short wait, so the stalled source fails within the test.
  const watcher = setup.watcher([...names.map(feed), { name: 'x', kind: 'x_recent' }], { timeoutMs: 500 });
  const first = await watcher.round();
  const expected: [string, SourceSummary['outcome'], string][] = [
    ['bad', 'failed', 'unreadable: not an Atom or RSS feed'],
    ['huge', 'failed', 'a body over 262144 bytes, not read past it'],
    ['hang', 'failed', 'no answer within 500 ms'],
    ['five', 'failed', 'answered 502'],
    ['busy', 'failed', 'answered 429'],
    [
      'away',
      'failed',
      `302 to another host (${new URL(site.origin.replace('127.0.0.1', 'localhost')).host}), not followed`,
    ],
    ['good', 'read', ''],
    ['x', 'off', 'no X_BEARER_TOKEN: the X source is off'],
  ];
  t.deepEqual(
    first.map((summary) => summary.name),
    expected.map(([name]) => name),
  );
  for (const [name, outcome, reason] of expected) {
    const summary = first.find((one) => one.name === name)!;
    t.is(summary.outcome, outcome, name);
    t.true((summary.reason ?? '').startsWith(reason), `${name}: ${summary.reason}`);
  }
  // After any answer or fault, each source has its next poll, and within six hours.
  for (const name of [...names, 'x']) {
    const { nextAt } = JSON.parse((await setup.store.leads.sourceState(name))!) as { nextAt: number };
    t.true(nextAt > setup.now && nextAt <= setup.now + 6 * 3_600_000, `${name} is asked again in time`);
  }
  const warnings = () => setup.logs.filter((line) => line.level === 40 && line.msg === 'lead source failed');
  t.deepEqual(
    warnings().map((line) => line.source),
    names.slice(0, 6),
  );
  t.is(setup.logs.filter((line) => line.msg === 'no X_BEARER_TOKEN: the X source is off').length, 1);
  // Again at once, every source polled: the same causes log nothing more; the good feed is unchanged.
  const again = await watcher.round(true);
  t.is(warnings().length, 6, 'one line per source and cause');
  t.is(setup.logs.filter((line) => line.msg === 'no X_BEARER_TOKEN: the X source is off').length, 1);
  t.like(
    again.find((summary) => summary.name === 'good'),
    { outcome: 'unchanged' },
  );
  // When due: the failing sources wait their back-off, the 429 at least what it asked for.
  setup.now += 2 * 60_000;
  const later = await watcher.round();
  t.deepEqual(
    later
      .filter((summary) => summary.outcome === 'waiting')
      .map((summary) => summary.name)
      .sort(),
    ['away', 'bad', 'busy', 'five', 'hang', 'huge', 'x'].sort(),
  );
  const busy = JSON.parse((await setup.store.leads.sourceState('busy'))!) as {
    nextAt: number;
    failures: number;
  };
  t.is(busy.failures, 2);
  t.true(busy.nextAt - setup.now >= 600_000 - 2 * 60_000, 'Retry-After honoured');
  t.like(
    later.find((summary) => summary.name === 'good'),
    { outcome: 'unchanged' },
    'the good one goes on',
  );
});

test('X: a refused token backs off for hours; a good one reads the posts that speak of usage, since the last', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/2/tweets/search/recent', { status: 401, body: '{"title":"Unauthorized"}' });
  const watcher = setup.watcher([{ name: 'x', kind: 'x_recent' }], { x: true, answered: noneAnswered });
  const [refused] = await watcher.round();
  t.like(refused, { outcome: 'failed', reason: 'the X token was refused (answered 401)' });
  const state = JSON.parse((await setup.store.leads.sourceState('x'))!) as { nextAt: number };
  t.true(state.nextAt - setup.now >= 6 * 3_600_000);
  t.is(setup.site.requests[0]!.headers['authorization'], 'Bearer a-token');
  setup.site.set('/2/tweets/search/recent', { body: await fixture('x-search.json') });
  const [read] = await watcher.round(true);
  t.like(read, { outcome: 'read', leads: 1, passed: 1 });
  const [lead] = await setup.store.leads.leads();
  t.like(lead, { url: LEDGER_POST, title: '@ClaudeDevs', matched: ['reset'] });
  t.regex(lead!.words, /We granted all Pro, Max, and Team users a reset last Tuesday/);
  t.false(
    setup.site.requests.some((request) => request.path.startsWith('/oembed')),
    'its words came with it',
  );
  await watcher.round(true);
  t.regex(setup.site.requests.at(-1)!.path, /since_id=2104641323198472430/);
});

test('the store down: the poll fails and its state is not saved; the next poll stores the lead once', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/shixi.json', { body: await fixture('peer-shixi.json') });
  let down = true;
  const store = wrapStore(setup.store, (name, _args, call) =>
    name === 'recordLead' && down ? Promise.reject(new Error('SQLITE_BUSY: database is locked')) : call(),
  );
  const watcher = new Watcher(watcherOptions(setup, store));
  const [failed] = await watcher.round();
  t.like(failed, { outcome: 'failed', reason: 'the store failed: SQLITE_BUSY: database is locked' });
  t.is(await setup.store.leads.sourceState('peer-shixi'), null, 'nothing saved: the next poll reads again');
  down = false;
  t.like((await watcher.round())[0], { outcome: 'waiting' }, 'backed off, not asked again at once');
  setup.now += 120 * 60_000;
  const [read] = await watcher.round();
  t.like(read, { outcome: 'read', leads: 2 });
  await watcher.round(true);
  t.is((await setup.store.leads.leads()).length, 2, 'neither lost nor doubled');
});

test('an open lead that a published event cites is closed; the curator is not told of it again', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/shixi.json', { body: await fixture('peer-shixi.json') });
  let cited = false;
  const answered = (): Promise<Answered> =>
    Promise.resolve({
      has: () => false,
      eventCiting: (url: string) =>
        cited && url === NEW_POST ? '2026-10-01-design-deck-doc-half-usage' : null,
    });
  const watcher = setup.watcher(
    [{ name: 'peer-shixi', kind: 'peer_data', url: `${setup.site.origin}/shixi.json` }],
    { answered },
  );
  await watcher.round();
  t.is((await setup.store.leads.leads('open')).length, 2);
  cited = true;
  await watcher.round(true);
  const closed = (await setup.store.leads.leads()).find((lead) => lead.url === NEW_POST);
  t.like(closed, { outcome: 'event', eventId: '2026-10-01-design-deck-doc-half-usage' });
  t.is(setup.logs.filter((line) => line.msg === 'lead closed: an event cites it').length, 1);
});

test('X: a since_id gone stale after a week unread is dropped, its refusal logged, and the search goes on', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/2/tweets/search/recent', { body: await fixture('x-search.json') });
  const watcher = setup.watcher([{ name: 'x', kind: 'x_recent' }], { x: true, answered: noneAnswered });
  await watcher.round();
  const stale = recentSearch(['ClaudeDevs', 'claudeai'], '2104641323198472430');
  const refusal = JSON.stringify({
    errors: [
      {
        parameters: { since_id: ['2104641323198472430'] },
        message:
          "Invalid 'since_id':'2104641323198472430'. 'since_id' must be a tweet id created after 2026-10-06T04:00:00.000Z.",
      },
    ],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
  setup.site.set(stale, { status: 400, body: refusal });
  setup.site.set('/2/tweets/search/recent', { body: '{"meta":{"result_count":0}}' });
  setup.now += 8 * 86_400_000;
  const asked = setup.site.requests.length;
  const [read] = await watcher.round();
  t.like(read, { outcome: 'read' }, 'not deaf');
  const paths = setup.site.requests.slice(asked).map((request) => request.path);
  t.is(paths[0], stale);
  const allowed = new URLSearchParams(paths[1]!.split('?')[1]).get('since_id');
  t.is(decodePostTime({ platform: 'x', id: allowed! }), Date.parse('2026-10-06T04:01:00.000Z'));
  const said = setup.logs.find((line) => line.source === 'x' && line.level === 40);
  t.regex(said!.msg, /must be a tweet id created after 2026-10-06T04:00:00.000Z/, 'the error body is logged');
  const state = JSON.parse((await setup.store.leads.sourceState('x'))!) as { memory: { sinceId: string } };
  t.not(state.memory.sinceId, '2104641323198472430', 'the stale id is not kept');
});

test("X: every page of the search is read, long posts whole, and an error answer's body is logged", async (t) => {
  const setup = await setUp(t);
  const post = (id: string, text: string, note?: string) => ({
    id,
    author_id: '1',
    text,
    ...(note && { note_tweet: { text: note } }),
  });
  const users = { users: [{ id: '1', username: 'claudeai' }] };
  setup.site.set('/2/tweets/search/recent', {
    body: JSON.stringify({
      data: [
        post(
          '2105721630051692804',
          'A new model is out today…',
          'A new model is out today. And we have reset weekly limits for all paid plans.',
        ),
      ],
      includes: users,
      meta: { newest_id: '2105721630051692804', result_count: 1, next_token: 'page-2' },
    }),
  });
  setup.site.set(recentSearch(['ClaudeDevs', 'claudeai'], null, 'page-2'), {
    body: JSON.stringify({
      data: [post('2104641323198472430', 'We have doubled usage limits this weekend.')],
      includes: users,
      meta: { result_count: 1 },
    }),
  });
  const watcher = setup.watcher([{ name: 'x', kind: 'x_recent' }], { x: true, answered: noneAnswered });
  const [read] = await watcher.round();
  t.like(read, { outcome: 'read', leads: 2 });
  const leads = await setup.store.leads.leads();
  t.deepEqual(leads.map((lead) => lead.postId).sort(), ['2104641323198472430', '2105721630051692804']);
  t.regex(
    leads.find((lead) => lead.postId === '2105721630051692804')!.words,
    /reset weekly limits/,
    'note_tweet',
  );
  const state = JSON.parse((await setup.store.leads.sourceState('x'))!) as { memory: { sinceId: string } };
  t.is(state.memory.sinceId, '2105721630051692804', 'the newest of the first page');
  setup.site.set(recentSearch(['ClaudeDevs', 'claudeai'], '2105721630051692804'), {
    status: 503,
    body: '{"title":"Service Unavailable","detail":"Service is overloaded."}',
  });
  await watcher.round(true);
  const said = setup.logs.find((line) => line.msg === 'lead source failed');
  t.like(said, { source: 'x', reason: 'answered 503' });
  t.regex((said as { detail?: string }).detail ?? '', /Service is overloaded/);
});

test('a first watch over recorded copies of every source leaves no lead that the ledger or the record answers', async (t) => {
  const setup = await setUp(t);
  const site = setup.site;
  const files: Record<string, string> = {
    '/history.atom': 'status-history.atom',
    '/feed.xml': 'claude-code-feed.xml',
    '/CHANGELOG.md': 'claude-code-changelog.md',
    '/article.md': 'help-article-after.md',
    '/sitemap.xml': 'sitemap.xml',
    '/shixi.json': 'peer-shixi.json',
    '/gmk.json': 'peer-gmkbenjamin.json',
    '/2/tweets/search/recent': 'x-search.json',
  };
  for (const [route, name] of Object.entries(files)) site.set(route, { body: await fixture(name) });
  const at = (route: string) => `${site.origin}${route}`;
  const watcher = setup.watcher(
    [
      { name: 'status-page', kind: 'status_page', url: at('/history.atom') },
      { name: 'claude-code-feed', kind: 'feed', url: at('/feed.xml') },
      {
        name: 'claude-code-changelog',
        kind: 'changelog',
        url: at('/CHANGELOG.md'),
        link: 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md',
      },
      {
        name: 'help-15036540',
        kind: 'help_article',
        url: at('/article.md'),
        page: 'https://support.claude.com/en/articles/15036540',
      },
      {
        name: 'anthropic-news',
        kind: 'sitemap',
        url: at('/sitemap.xml'),
        match: 'https://www.anthropic.com/news/',
      },
      { name: 'peer-shixi-11', kind: 'peer_data', url: at('/shixi.json') },
      { name: 'peer-gmkbenjamin', kind: 'peer_data', url: at('/gmk.json') },
      { name: 'x', kind: 'x_recent' },
    ],
    { x: true, answered: () => readAnswered(path.join(ROOT, 'docs/record/ledger.json'), SHIPPED_CONTENT) },
  );
  const summaries = await watcher.round();
  t.deepEqual(
    summaries.map((summary) => [summary.name, summary.outcome, summary.leads]),
    [
      ['status-page', 'read', 0],
      ['claude-code-feed', 'read', 0],
      ['claude-code-changelog', 'read', 0],
      ['help-15036540', 'read', 0],
      ['anthropic-news', 'read', 0],
      ['peer-shixi-11', 'read', 0],
      ['peer-gmkbenjamin', 'read', 0],
      ['x', 'read', 0],
    ],
  );
  t.deepEqual(
    summaries.filter((summary) => summary.known > 0).map((summary) => [summary.name, summary.known]),
    [
      ['peer-shixi-11', 2],
      ['peer-gmkbenjamin', 2],
      ['x', 1],
    ],
    'every post the peers and X name is one the ledger answers',
  );
  t.deepEqual(await setup.store.leads.leads(), []);
});
