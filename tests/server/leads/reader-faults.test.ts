import test from 'ava';
import type { SourceEntry } from '../../../server/leads/sources-file.js';
import { noneAnswered, setUp } from '../../helpers/lead-watcher.js';

const DEEP = 20_000;
const atom = (entry: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>2026-11-20T07:35:00Z</updated>${entry}</feed>`;

/**
 * A source whose answer its reader cannot take: polled, failed as the source's fault (not the
 * store's), saved with its back-off, and asked once per back-off, not every second.
 */
const faults: [string, SourceEntry['kind'], string, RegExp][] = [
  [
    'peer JSON nested 20,000 deep',
    'peer_data',
    `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`,
    /^unreadable: JSON nested deeper/,
  ],
  [
    'peer JSON of objects nested 20,000 deep',
    'peer_data',
    `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
    /^unreadable: JSON nested deeper/,
  ],
  ['an X answer whose posts are null', 'x_recent', '{"data":[null]}', /^unreadable: not a search answer/],
  [
    'an X answer whose users are not a list',
    'x_recent',
    '{"data":[{"id":"1","text":"usage limits reset"}],"includes":{"users":"x"}}',
    /^unreadable: not a search answer/,
  ],
  [
    'an X answer whose newest id is a number',
    'x_recent',
    '{"meta":{"newest_id":5}}',
    /^unreadable: not a search answer/,
  ],
];

for (const [title, kind, body, reason] of faults)
  test(`${title}: a failed poll with back-off, one request per back-off, never a store failure`, async (t) => {
    const setup = await setUp(t);
    const path = kind === 'x_recent' ? '/2/tweets/search/recent' : '/peer.json';
    setup.site.set(path, { body });
    const source: SourceEntry =
      kind === 'x_recent'
        ? { name: 'x', kind: 'x_recent' }
        : { name: 'peer', kind: 'peer_data', url: `${setup.site.origin}/peer.json` };
    const watcher = setup.watcher([source], { x: true, answered: noneAnswered });
    const asked = () => setup.site.requests.filter((request) => request.path.startsWith(path)).length;
    const [first] = await watcher.round();
    t.is(first!.outcome, 'failed');
    t.regex(first!.reason ?? '', reason);
    const state = JSON.parse((await setup.store.leads.sourceState(source.name))!) as {
      failures: number;
      nextAt: number;
    };
    t.is(state.failures, 1, 'the failure is the source’s, saved with it');
    for (let second = 0; second < 30; second += 1) {
      setup.now += 1_000;
      await watcher.round();
    }
    t.is(asked(), 1, 'not asked again within its back-off');
    setup.now = state.nextAt;
    await watcher.round();
    t.is(asked(), 2, 'asked again once its back-off is over');
  });

test('an Atom title and text of type="xhtml" are read as text', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/history.atom', { body: atom('') });
  const watcher = setup.watcher(
    [{ name: 'status', kind: 'status_page', url: `${setup.site.origin}/history.atom` }],
    {
      answered: noneAnswered,
    },
  );
  await watcher.round();
  setup.site.set('/history.atom', {
    body: atom(`<entry><id>https://status.claude.com/incidents/x</id>
      <link rel="alternate" href="https://status.claude.com/incidents/x"/><updated>2026-11-20T07:35:00Z</updated>
      <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Weekly limits <b>reset</b></div></title>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>We have reset weekly limits for all users.</p></div></content>
    </entry>`),
  });
  setup.now += 3 * 60_000;
  const [read] = await watcher.round();
  t.like(read, { outcome: 'read', leads: 1 });
  const [lead] = await setup.store.leads.leads();
  t.regex(lead!.title, /Weekly limits\s+reset/);
});

test('a feed entry whose HTML nests 20,000 deep is read, its text bounded in depth', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/history.atom', { body: atom('') });
  const watcher = setup.watcher(
    [{ name: 'status', kind: 'status_page', url: `${setup.site.origin}/history.atom` }],
    {
      answered: noneAnswered,
    },
  );
  await watcher.round();
  const html = `<p>We have reset weekly limits.</p>${'<b>'.repeat(DEEP)}x${'</b>'.repeat(DEEP)}`;
  setup.site.set('/history.atom', {
    body: atom(`<entry><id>https://status.claude.com/incidents/deep</id>
      <link rel="alternate" href="https://status.claude.com/incidents/deep"/><updated>2026-11-20T07:35:00Z</updated>
      <title>Limits</title><content type="html"><![CDATA[${html}]]></content>
    </entry>`),
  });
  setup.now += 3 * 60_000;
  const [read] = await watcher.round();
  t.like(read, { outcome: 'read', leads: 1 });
});
