import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import { writeReset } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';
import {
  content,
  db,
  echo,
  receiver,
  registered,
  server,
  show,
  useWebhooksServer,
} from '../../helpers/webhooks-server.js';

/** A reset published into the content reaches the webhooks that registered for it, and no other. */
useWebhooksServer();

test.serial(
  'a confirmed reset reaches each matching active webhook once, signed, with its API record',
  async (t) => {
    const everyone = await registered('/e2e-everyone', echo);
    const pro = await registered('/e2e-pro', echo, { audience: 'pro', window: 'weekly' });
    const team = await registered('/e2e-team', echo, { audience: 'team', window: 'five_hour' });
    const pending = await registered('/e2e-pending', { status: 202 });
    t.deepEqual(
      [everyone, pro, team, pending].map((webhook) => webhook.status),
      ['active', 'active', 'active', 'pending'],
    );
    const refused = receiver.refused.length;

    const id = await writeReset(content.dir, {
      day: '2026-11-24',
      slug: 'webhooks',
      plans: ['pro', 'max'],
      windows: ['weekly'],
    });
    t.true(await server.reload());
    const to = (at: string) => receiver.received.filter((message) => message.path === at);
    t.true(await eventually(() => to('/e2e-everyone').length === 1 && to('/e2e-pro').length === 1));
    const store = await openStore(db);
    try {
      t.true(
        await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0),
        'every alert sent',
      );
    } finally {
      await store.close();
    }
    t.is(to('/e2e-everyone').length, 1);
    t.is(to('/e2e-pro').length, 1);
    t.is(to('/e2e-team').length, 0, 'not for other filters');
    t.is(to('/e2e-pending').length, 0, 'not for a pending webhook');
    t.is(receiver.refused.length, refused, 'every message verified');

    const resets = (await (await fetch(`${server.url}/api/v1/resets?limit=100`)).json()) as {
      data: { id: string }[];
    };
    const record = resets.data.find((entry) => entry.id === id);
    t.truthy(record);
    for (const message of [...to('/e2e-everyone'), ...to('/e2e-pro')]) {
      const body = JSON.parse(message.body) as { type: string; timestamp: string; data: unknown };
      t.is(body.type, 'reset.confirmed');
      t.deepEqual(body.data, record);
    }
    const state = (await (await show(everyone.id, everyone.token)).json()) as Record<string, unknown>;
    t.like(state, { status: 'active', failures: 0, last_status: 204 });
    t.regex(String(state['last_delivery_at']), /^\d{4}-\d\d-\d\dT/);
  },
);
