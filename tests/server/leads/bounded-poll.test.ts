import test from 'ava';
import type { Mailer } from '../../../server/outbound/smtp.js';
import { LEADS_PER_POLL } from '../../../server/leads/store-sightings.js';
import { Watcher } from '../../../server/leads/watcher.js';
import { setUp, watcherOptions } from '../../helpers/lead-watcher.js';

test('a peer naming 500 posts: 20 leads and 20 oEmbed reads a poll, the rest in later rounds, one digest a round', async (t) => {
  const setup = await setUp(t);
  const mails: Parameters<Mailer['send']>[0][] = [];
  const posts = Array.from(
    { length: 500 },
    (_, index) => `https://x.com/claudeai/status/${2105721630051692804n + BigInt(index) * 1_000_000n}`,
  );
  setup.site.set('/peer.json', {
    body: JSON.stringify({ items: posts.map((url) => ({ external_url: url })) }),
  });
  const watcher = new Watcher({
    ...watcherOptions(setup, setup.store),
    sources: [{ name: 'peer', kind: 'peer_data', url: `${setup.site.origin}/peer.json` }],
    channels: {
      email: {
        to: 'curator@example.org',
        mailer: {
          send: (mail) => {
            mails.push(mail);
            return Promise.resolve({ ok: true as const, messageId: 'm' });
          },
          close: () => undefined,
        },
      },
    },
  });
  const asked = (path: string) =>
    setup.site.requests.filter((request) => request.path.startsWith(path)).length;
  const digests = () => mails.map((mail) => Number(/^(\d+) new leads/.exec(mail.subject)?.[1]));

  const [first] = await watcher.round();
  t.like(first, { outcome: 'read', leads: LEADS_PER_POLL, deferred: 500 - LEADS_PER_POLL });
  t.is(asked('/oembed'), LEADS_PER_POLL, 'one oEmbed read per lead made, no more');
  t.deepEqual(digests(), [LEADS_PER_POLL], 'the curator is told once, of the twenty');

  // The next second's round takes nothing: the rest wait a minute, so oEmbed is asked politely.
  setup.now += 1_000;
  t.like((await watcher.round())[0], { outcome: 'waiting' });
  t.is(asked('/oembed'), LEADS_PER_POLL);

  let rounds = 1;
  while ((await setup.store.leads.leads()).length < posts.length && rounds < 100) {
    setup.now += 60_000;
    const [summary] = await watcher.round();
    t.true(summary!.leads <= LEADS_PER_POLL);
    rounds += 1;
  }
  t.is((await setup.store.leads.leads()).length, 500, 'every post a lead in the end');
  t.is(rounds, 500 / LEADS_PER_POLL);
  t.is(asked('/peer.json'), 1, 'the peer itself was asked once: the rest came from what it said');
  t.is(asked('/oembed'), 500, 'one oEmbed read per post, once');
  t.is(mails.length, rounds, 'one digest a round');
  t.true(
    digests().every((count) => count === LEADS_PER_POLL),
    'each of twenty leads',
  );
});
