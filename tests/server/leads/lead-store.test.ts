import test from 'ava';
import type { LeadSighting } from '../../../server/store/index.js';
import { LeaseLost } from '../../../server/store/index.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

const engines = useStoreEngines();

const POST: LeadSighting = {
  key: 'https://x.com/ClaudeDevs/status/2107895957933408429',
  url: 'https://x.com/ClaudeDevs/status/2107895957933408429',
  postId: '2107895957933408429',
  postedAt: Date.parse('2026-10-07T18:08:53.841Z'),
  title: '@ClaudeDevs',
  words: 'monthly API credits',
  matched: ['credits'],
  source: 'peer-shixi-11',
};

for (const engine of engines) {
  test(`${engine.name}: the same post from three sources is one lead naming all three`, async (t) => {
    let now = 1_000;
    const store = await engine.open(() => now);
    try {
      const first = await store.leads.recordLead(POST);
      t.true(first.created);
      now += 10;
      const again = await store.leads.recordLead({ ...POST, source: 'x-api' });
      t.false(again.created);
      // Another URL form of the same post (the peer's lower-case handle) is still that post.
      const third = await store.leads.recordLead({
        ...POST,
        key: 'https://x.com/claudedevs/status/2107895957933408429',
        url: 'https://x.com/claudedevs/status/2107895957933408429',
        source: 'peer-clauderesets',
      });
      t.false(third.created);
      t.is(third.lead.id, first.lead.id);
      t.deepEqual(third.lead.sources, ['peer-shixi-11', 'x-api', 'peer-clauderesets']);
      const leads = await store.leads.leads();
      t.is(leads.length, 1);
      t.like(leads[0], { seenAt: 1_000, outcome: 'open', postedAt: POST.postedAt, matched: ['credits'] });
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: an answered lead stays answered, newest leads first, untold until told`, async (t) => {
    let now = 1_000;
    const store = await engine.open(() => now);
    try {
      const a = (await store.leads.recordLead(POST)).lead;
      now += 5;
      const page = {
        ...POST,
        key: 'https://status.claude.com/incidents/x',
        url: 'https://status.claude.com/incidents/x',
        postId: null,
      };
      const b = (await store.leads.recordLead(page)).lead;
      t.deepEqual(
        (await store.leads.leads()).map((lead) => lead.id),
        [b.id, a.id],
      );
      t.deepEqual(
        (await store.leads.untoldLeads()).map((lead) => lead.id),
        [a.id, b.id],
      );
      await store.leads.markTold(a.id);
      t.deepEqual(
        (await store.leads.untoldLeads()).map((lead) => lead.id),
        [b.id],
      );
      t.true(await store.leads.answerLead(a.id, { eventId: '2026-10-07-monthly-api-credits-max-team' }));
      t.false(await store.leads.answerLead(a.id, { why: 'too late' }), 'answered once');
      t.true(await store.leads.answerLead(b.id, { why: 'not a limit change' }));
      t.false(await store.leads.answerLead(999, { why: 'unknown' }));
      t.like(await store.leads.lead(a.id), {
        outcome: 'event',
        eventId: '2026-10-07-monthly-api-credits-max-team',
        why: null,
        answeredAt: 1_005,
      });
      t.like(await store.leads.lead(b.id), {
        outcome: 'dismissed',
        eventId: null,
        why: 'not a limit change',
      });
      t.deepEqual(await store.leads.leads('open'), []);
      t.deepEqual(await store.leads.untoldLeads(), [], 'an answered lead is told of no more');
      // Seen again from another source: the answer stands.
      const seen = await store.leads.recordLead({ ...POST, source: 'x-api' });
      t.false(seen.created);
      t.is(seen.lead.outcome, 'event');
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: a source's state is kept, and one watcher holds the lease`, async (t) => {
    let now = 1_000;
    const store = await engine.open(() => now);
    try {
      t.is(await store.leads.sourceState('status-page'), null);
      await store.leads.saveSourceState('status-page', '{"etag":"\\"a\\""}');
      await store.leads.saveSourceState('status-page', '{"etag":"\\"b\\""}');
      t.is(await store.leads.sourceState('status-page'), '{"etag":"\\"b\\""}');
      t.true(await store.watcherLease.lease('one', 1_000));
      t.false(await store.watcherLease.lease('two', 1_000), 'held by another');
      t.true(await store.watcherLease.lease('one', 1_000), 'renewed by its holder');
      now += 1_001;
      t.true(await store.watcherLease.lease('two', 1_000), 'taken over once it expired');
      await store.watcherLease.release('two');
      t.true(await store.watcherLease.lease('one', 1_000), 'free again after a clean stop');
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: a watcher's fenced writes are made only while it holds the lease`, async (t) => {
    let now = 1_000;
    const store = await engine.open(() => now);
    try {
      t.true(await store.watcherLease.lease('one', 1_000));
      const { lead } = await store.leads.recordLead(POST, 'one');
      await store.leads.saveSourceState('peer', '{"n":1}', 'one');
      await store.leads.markTold(lead.id, 'one');
      // The lease expires and another takes it over: the first one's writes are refused, whole.
      now += 1_001;
      t.true(await store.watcherLease.lease('two', 1_000));
      const refused = { instanceOf: LeaseLost };
      await t.throwsAsync(
        store.leads.recordLead(
          { ...POST, key: 'other', url: 'https://x.com/a/status/1', postId: '1' },
          'one',
        ),
        refused,
      );
      await t.throwsAsync(store.leads.saveSourceState('peer', '{"n":2}', 'one'), refused);
      await t.throwsAsync(store.leads.answerLead(lead.id, { eventId: 'an-event' }, 'one'), refused);
      await t.throwsAsync(store.leads.markTold(lead.id, 'one'), refused);
      t.is((await store.leads.leads()).length, 1);
      t.is(await store.leads.sourceState('peer'), '{"n":1}');
      t.like(await store.leads.lead(lead.id), { outcome: 'open', toldAt: 1_000 });
      t.true(
        await store.leads.answerLead(lead.id, { eventId: 'an-event' }, 'two'),
        "the holder's write is made",
      );
      t.true(
        await store.leads.answerLead(
          (await store.leads.recordLead({ ...POST, key: 'k2', postId: '2' })).lead.id,
          {
            why: 'no',
          },
        ),
      );
    } finally {
      await store.close();
    }
  });
}

for (const engine of engines)
  test(`${engine.name}: text holding U+0000 is stored as on the other engine, the lead kept`, async (t) => {
    const store = await engine.open();
    try {
      const { lead, created } = await store.leads.recordLead({
        ...POST,
        key: 'https://status.claude.com/incidents/nul\u0000',
        url: 'https://status.claude.com/incidents/nul\u0000',
        postId: null,
        title: 'Limits\u0000 reset',
        words: 'We have\u0000 reset weekly limits.',
        matched: ['reset\u0000'],
      });
      t.true(created);
      t.like(lead, {
        url: 'https://status.claude.com/incidents/nul\ufffd',
        title: 'Limits\ufffd reset',
        words: 'We have\ufffd reset weekly limits.',
        matched: ['reset\ufffd'],
      });
      const again = await store.leads.recordLead({
        ...POST,
        key: 'https://status.claude.com/incidents/nul\u0000',
        postId: null,
      });
      t.false(again.created, 'the same key finds the same lead');
      t.true(await store.leads.answerLead(lead.id, { why: 'no\u0000 event' }));
      t.is((await store.leads.lead(lead.id))!.why, 'no\ufffd event');
    } finally {
      await store.close();
    }
  });
