import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import type { Subscriber } from '../../helpers/push-service.js';
import { alertsReceived } from '../../helpers/push-service.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { subscribe, writeReset } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';
import { content, db, push, server, useAlertsServer } from '../../helpers/alerts-server.js';

useAlertsServer();

/** The alerts a subscriber got: the welcome each gets as it subscribes is not one. */
const messagesTo = (subscriber: Subscriber) => alertsReceived(push, subscriber);
/**
 * Waits until the ledger has no alert left to send. A reload records its alerts before it returns,
 * and the sender marks an alert done only once every message of it has been answered by the push
 * service (which records a message before answering): after this, no message of the content loaded
 * so far is still to come.
 */
async function allSent(): Promise<boolean> {
  const store = await openStore(db);
  try {
    return await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0);
  } finally {
    await store.close();
  }
}

test.serial('a newly confirmed reset reaches each matching subscription once, and no other', async (t) => {
  const everyone = push.subscriber();
  const proWeekly = push.subscriber();
  const teamFiveHour = push.subscriber();
  for (const [subscriber, filters] of [
    [everyone, {}],
    [proWeekly, { audience: 'pro', window: 'weekly' }],
    [teamFiveHour, { audience: 'team', window: 'five_hour' }],
  ] as const)
    t.is((await subscribe(server.url, subscriber, filters)).status, 201);

  const id = await writeReset(content.dir, {
    day: '2026-11-20',
    slug: 'pro-weekly',
    plans: ['pro', 'max'],
    windows: ['weekly'],
  });
  t.true(await server.reload());
  t.true(await eventually(() => messagesTo(everyone).length === 1 && messagesTo(proWeekly).length === 1));
  t.true(await server.reload(), 'the same content again');
  t.true(await allSent(), 'every alert made so far was sent');
  t.is(messagesTo(everyone).length, 1);
  t.is(messagesTo(proWeekly).length, 1);
  t.is(messagesTo(teamFiveHour).length, 0, 'not for a filter the event does not match');
  const payload = JSON.parse(messagesTo(everyone)[0]!.payload) as Record<string, string>;
  t.like(payload, {
    event_id: id,
    reason: 'confirmed',
    url: `${BASE_URL}/events/${id}`,
    tag: `${id}:confirmed`,
  });
  t.regex(payload['body']!, /^2026-11-20 \(date only\)\. For: pro and max subscribers\. Windows: weekly\.$/);
  t.is(messagesTo(everyone)[0]!.headers.urgency, 'high');
  t.deepEqual(push.refused, []);
});

test.serial(
  'history, a silenced event and a silent correction send nothing; an announced one and a marked correction do',
  async (t) => {
    const everyone = push.subscriber();
    t.is((await subscribe(server.url, everyone)).status, 201);
    const store = await openStore(db);
    // History: first published before the ledger began.
    await writeReset(content.dir, {
      day: '2025-12-01',
      slug: 'old',
      plans: 'all',
      windows: ['weekly'],
      at: new Date('2025-12-02T00:00:00Z'),
    });
    // Silenced by the curator (content:new --no-alert).
    const silenced = await writeReset(content.dir, {
      day: '2026-11-21',
      slug: 'backfilled',
      plans: 'all',
      windows: ['weekly'],
    });
    await store.ledger.mark({ eventId: silenced, revision: 1, mode: 'silent' });
    t.true(await server.reload());
    t.true(await allSent(), 'every alert made so far was sent');
    t.is(messagesTo(everyone).length, 0);

    // A silent correction: a new revision with the same status.
    const file = path.join(content.dir, 'events', `${silenced}.json`);
    const revise = async (revision: number, status = 'confirmed') => {
      const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const at = new Date(Date.now() + revision * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
      Object.assign(event, {
        revision,
        revised_at: at,
        event_status: status,
        summary: `Revision ${revision}.`,
      });
      await writeFile(file, JSON.stringify(event, null, 2));
    };
    await revise(2);
    t.true(await server.reload());
    t.true(await allSent(), 'every alert made so far was sent');
    t.is(messagesTo(everyone).length, 0, 'a correction is silent');

    // A correction the curator asked to alert (content:revise --alert).
    await store.ledger.mark({ eventId: silenced, revision: 3, mode: 'alert' });
    await revise(3);
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 1));
    t.like(JSON.parse(messagesTo(everyone)[0]!.payload), { event_id: silenced, reason: 'corrected' });

    // Announced, then confirmed: one alert each.
    const announced = await writeReset(content.dir, {
      day: '2026-11-22',
      slug: 'announced',
      plans: 'all',
      windows: ['five_hour'],
      status: 'announced',
    });
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 2));
    const announcedFile = path.join(content.dir, 'events', `${announced}.json`);
    const event = JSON.parse(await readFile(announcedFile, 'utf8')) as Record<string, unknown>;
    Object.assign(event, {
      revision: 2,
      event_status: 'confirmed',
      revised_at: new Date(Date.now() + 5000).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    await writeFile(announcedFile, JSON.stringify(event, null, 2));
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 3));
    t.true(await allSent(), 'every alert made so far was sent');
    t.deepEqual(
      messagesTo(everyone).map((message) => (JSON.parse(message.payload) as { reason: string }).reason),
      ['corrected', 'announced', 'confirmed'],
    );
    await store.close();
  },
);

test.serial('a push service answering 410 removes the subscription', async (t) => {
  const gone = push.subscriber();
  t.is((await subscribe(server.url, gone)).status, 201);
  push.answer(gone, [410]);
  const store = await openStore(db);
  const before = await store.subscriptions.subscriptionCount();
  await writeReset(content.dir, {
    day: '2026-11-23',
    slug: 'for-a-gone-one',
    plans: 'all',
    windows: ['weekly'],
  });
  t.true(await server.reload());
  t.true(await eventually(async () => (await store.subscriptions.subscriptionCount()) === before - 1));
  t.is(messagesTo(gone).length, 0);
  await store.close();
});
