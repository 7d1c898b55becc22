import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { format, resolveConfig } from 'prettier';
import { openStore } from '../../server/store/index.js';
import { copyContent, ROOT, SHIPPED_CONTENT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { startSourceStandIn } from '../helpers/source-stand-in.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const TWITTER_EPOCH_MS = 1_288_834_974_657n;
/** An X post id of a given time, as X makes them (the time in its top bits). */
const snowflakeAt = (iso: string) => String((BigInt(Date.parse(iso)) - TWITTER_EPOCH_MS) << 22n);
const SECRET = `whsec_${Buffer.from('curator-webhook-secret-for-tests').toString('base64')}`;

const run = (file: string, args: readonly string[], env: Record<string, string>) =>
  runToEnd(process.execPath, [...commandLine(file), ...args], { cwd: ROOT, env: { ...process.env, ...env } });

test('from a post to a published event: seen by the watcher, told to the curator, drafted, published, closed', async (t) => {
  const content = await copyContent(SHIPPED_CONTENT);
  const site = await startSourceStandIn();
  const receiver = await startWebhookReceiver(SECRET);
  t.teardown(async () => {
    await site.stop();
    await receiver.stop();
    await content.dispose();
  });
  const work = path.dirname(content.dir);
  const reset = `https://x.com/claudeai/status/${snowflakeAt('2026-11-27T18:00:00Z')}`;
  const launch = `https://x.com/ClaudeDevs/status/${snowflakeAt('2026-11-27T19:30:00Z')}`;
  site.set('/peer.json', {
    body: JSON.stringify({ items: [{ external_url: reset }, { external_url: launch }] }),
  });
  const words: Record<string, string> = {
    [reset]: 'We&#39;ve reset 5-hour and weekly limits for all users.',
    [launch]: 'A new model is out today, with higher rate limits for its launch week.',
  };
  for (const [post, text] of Object.entries(words))
    site.set(`/oembed?url=${encodeURIComponent(post)}&omit_script=1`, {
      body: JSON.stringify({
        author_name: 'Claude',
        html: `<blockquote class="twitter-tweet"><p lang="en" dir="ltr">${text}</p>&mdash; Claude</blockquote>`,
      }),
    });
  const sources = path.join(work, 'sources.json');
  await writeFile(
    sources,
    JSON.stringify({ sources: [{ name: 'peer', kind: 'peer_data', url: `${site.origin}/peer.json` }] }),
  );
  const ledger = path.join(work, 'ledger.json');
  await copyFile(path.join(ROOT, 'docs/record/ledger.json'), ledger);
  const env = {
    ALERTS_DB: path.join(work, 'alerts.sqlite'),
    CONTENT_DIR: content.dir,
    LEADS_SOURCES: sources,
    LEADS_LEDGER: ledger,
    OEMBED_ORIGIN: site.origin,
    LEADS_WEBHOOK_URL: `${receiver.origin}/curator`,
    LEADS_WEBHOOK_SECRET: SECRET,
    ALERTS_WEBHOOK_ORIGINS: receiver.origin,
    LOG_LEVEL: 'warn',
    LEADS_CONTACT: 'curator@example.org',
  };

  const watched = await run('tools/leads.ts', ['watch', '--once'], env);
  t.is(watched.code, 0, outputOf(watched));
  t.regex(watched.stdout, /^peer: read, 2 new lead\(s\), 0 known, 0 passed$/m);
  t.regex(watched.stdout, /^2 open lead\(s\) in /m);
  t.is(receiver.received.length, 1, 'one digest for the round');
  t.deepEqual(
    (JSON.parse(receiver.received[0]!.body) as { data: { leads: { url: string }[] } }).data.leads
      .map((lead) => lead.url)
      .sort(),
    [reset, launch].sort(),
    'the curator is told of each, by a signed webhook',
  );

  const listed = await run('tools/leads.ts', ['--json'], env);
  t.is(listed.code, 0, outputOf(listed));
  const leads = JSON.parse(listed.stdout) as { id: number; url: string; words: string; matched: string[] }[];
  const resetLead = leads.find((lead) => lead.url === reset)!;
  t.like(resetLead, {
    words: "We've reset 5-hour and weekly limits for all users.",
    matched: ['weekly limits', 'reset'],
  });
  const shown = await run('tools/leads.ts', ['show', String(resetLead.id)], env);
  t.regex(shown.stdout, new RegExp(`^#${resetLead.id}  seen .*${reset.replaceAll('/', '\\/')}`, 'm'));

  const drafted = await run(
    'tools/content-new.ts',
    [
      '--lead',
      String(resetLead.id),
      '--title',
      'Five-hour and weekly limits reset for every user',
      '--summary',
      'Claude said it had reset everyone’s five-hour and weekly limits.',
      '--kind',
      'usage_reset',
      '--status',
      'confirmed',
      '--allocation',
      'subscription_usage',
      '--plans',
      'all',
      '--audience',
      'All users',
      '--windows',
      'five_hour,weekly',
      '--no-alert',
      '--dir',
      content.dir,
    ],
    env,
  );
  t.is(drafted.code, 0, outputOf(drafted));
  t.regex(drafted.stdout, new RegExp(`drafted from lead #${resetLead.id} \\(peer\\)`));
  const file = path.join(
    content.dir,
    'events',
    '2026-11-27-five-hour-and-weekly-limits-reset-for-every-user.json',
  );
  const event = JSON.parse(await readFile(file, 'utf8')) as { sources: { url: string; excerpt?: string }[] };
  t.like(event.sources[0], { url: reset, excerpt: "We've reset 5-hour and weekly limits for all users." });

  const measured = JSON.parse(await readFile(path.join(content.dir, 'collection.json'), 'utf8')) as {
    freshness: { event_id: string; lead_seen_at: string; first_alert_at?: string }[];
  };
  t.deepEqual(
    measured.freshness.map((entry) => entry.event_id),
    ['2026-11-27-five-hour-and-weekly-limits-reset-for-every-user'],
    'drafting from a lead starts the freshness measurement',
  );
  t.regex(measured.freshness[0]!.lead_seen_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  // Published (the event is in the content folder): the next round closes the lead; nobody is told again.
  const closed = await run('tools/leads.ts', ['watch', '--once'], env);
  t.is(closed.code, 0, outputOf(closed));
  t.regex(closed.stdout, /^1 open lead\(s\)/m);
  const all = JSON.parse((await run('tools/leads.ts', ['--all', '--json'], env)).stdout) as {
    url: string;
    outcome: string;
    event_id: string | null;
  }[];
  t.like(
    all.find((lead) => lead.url === reset),
    { outcome: 'event', event_id: '2026-11-27-five-hour-and-weekly-limits-reset-for-every-user' },
  );
  t.is(receiver.received.length, 1);

  // Its first alert delivered: `leads freshness` records when, and the page shows it.
  const store = await openStore(env.ALERTS_DB);
  try {
    await store.ledger.recordPublication(() => ({
      entries: [],
      alerts: [
        {
          key: 'freshness-test:confirmed',
          eventId: '2026-11-27-five-hour-and-weekly-limits-reset-for-every-user',
          reason: 'confirmed',
          payload: '{}',
          record: '{}',
          matching: ['all/any'],
        },
      ],
    }));
    const [alert] = await store.deliveries.pendingAlerts();
    await store.deliveries.recordDelivery(
      { alertId: alert!.id, channel: 'webhook', subscriptionId: 1 },
      'delivered',
      {
        status: 204,
        attempts: 1,
      },
    );
  } finally {
    await store.close();
  }
  const filled = await run('tools/leads.ts', ['freshness'], env);
  t.is(filled.code, 0, outputOf(filled));
  t.regex(
    filled.stdout,
    /^2026-11-27-five-hour-and-weekly-limits-reset-for-every-user: first alert recorded$/m,
  );
  const after = JSON.parse(
    await readFile(path.join(content.dir, 'collection.json'), 'utf8'),
  ) as typeof measured;
  t.truthy(after.freshness[0]!.first_alert_at);
  t.is(
    (await run('tools/leads.ts', ['freshness'], env)).stdout.trim(),
    'no measurement waits for a delivered alert',
  );
  const checked = await run('tools/content-check.ts', ['--dir', content.dir], env);
  t.is(checked.code, 0, outputOf(checked));

  // The other is dismissed: the answer goes into the ledger, and the lead is not asked again.
  const other = leads.find((lead) => lead.url === launch)!;
  const dismissed = await run(
    'tools/leads.ts',
    ['dismiss', String(other.id), '--why', 'Not a limit change: a launch week.'],
    env,
  );
  t.is(dismissed.code, 0, outputOf(dismissed));
  const ledgerText = await readFile(ledger, 'utf8');
  t.is(
    ledgerText,
    await format(ledgerText, {
      ...(await resolveConfig(path.join(ROOT, 'docs/record/ledger.json'))),
      parser: 'json',
    }),
    "the ledger as the project's formatter writes it: the format check passes",
  );
  const written = JSON.parse(ledgerText) as { entries: Record<string, string>[] };
  t.deepEqual(
    written.entries.find((entry) => entry.url === launch),
    { url: launch, date: '2026-11-27', who: '@ClaudeDevs', left_out: 'Not a limit change: a launch week.' },
  );
  t.is((await run('tools/leads.ts', [], env)).stdout.trim(), 'no open leads');
  const again = await run('tools/leads.ts', ['dismiss', String(other.id), '--why', 'twice'], env);
  t.is(again.code, 1);
  t.regex(again.stderr, /is answered already \(dismissed\)/);
});
