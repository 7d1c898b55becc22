import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Ledger } from '../../domain/content/ledger.js';
import type { LeadSighting } from '../../server/store/index.js';
import { openStore } from '../../server/store/index.js';
import { readAnswered } from '../../server/leads/answered.js';
import { DismissalRefused, dismissLead } from '../../tools/lead-dismissal.js';
import { ROOT, SHIPPED_CONTENT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

const sighting = (url: string, postedAt: number | null): LeadSighting => ({
  key: url,
  url,
  postId: null,
  postedAt,
  title: 'Limits reset',
  words: 'We have reset weekly limits.',
  matched: ['weekly limits'],
  source: 'status',
});

async function workspace(t: { teardown(fn: () => Promise<void>): void }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-dismissal-'));
  const ledger = path.join(dir, 'ledger.json');
  await copyFile(path.join(ROOT, 'docs/record/ledger.json'), ledger);
  const store = await openStore(path.join(dir, 'alerts.sqlite'), () => Date.parse('2026-11-29T00:00:00Z'));
  t.teardown(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, ledger, store };
}

test('dismissing a mailto: lead and one dated year 10000 leaves a ledger its schema accepts', async (t) => {
  const { dir, ledger, store } = await workspace(t);
  // Leads stored before the watcher refused such values (or by another writer).
  await store.leads.recordLead(sighting('mailto:curator@example.org', null));
  // +010000-01-01: what a feed dated in year 10000 gives.
  await store.leads.recordLead(
    sighting('https://status.claude.com/incidents/far', Date.parse('+010000-01-01T00:00:00Z')),
  );
  await store.close();
  const env = {
    ...process.env,
    ALERTS_DB: path.join(dir, 'alerts.sqlite'),
    LEADS_LEDGER: ledger,
    LOG_LEVEL: 'silent',
  };
  for (const id of ['1', '2']) {
    const dismissed = await runToEnd(
      process.execPath,
      [...commandLine('tools/leads.ts'), 'dismiss', id, '--why', 'Not a limit change.'],
      { cwd: ROOT, env },
    );
    t.is(dismissed.code, 0, outputOf(dismissed));
  }
  const written = Ledger.safeParse(JSON.parse(await readFile(ledger, 'utf8')));
  t.true(written.success, written.error?.message);
  t.false(
    written.data!.entries.some((entry) => entry.url.startsWith('mailto:')),
    'a lead without a web address is answered in the store only',
  );
  t.like(
    written.data!.entries.find((entry) => entry.url === 'https://status.claude.com/incidents/far'),
    { date: '2026-11-29', who: 'status.claude.com' },
    'a date out of all reason gives way to the day it was seen',
  );
  await t.notThrowsAsync(readAnswered(ledger, SHIPPED_CONTENT), 'the next round reads the ledger');
});

test('a store that fails the dismissal leaves the ledger as it was', async (t) => {
  const { ledger, store } = await workspace(t);
  const { lead } = await store.leads.recordLead(sighting('https://status.claude.com/incidents/abc', null));
  const before = await readFile(ledger, 'utf8');
  const failing = { answerLead: () => Promise.reject(new Error('SQLITE_BUSY: database is locked')) };
  await t.throwsAsync(dismissLead(failing, ledger, lead, 'Not a limit change.'), { message: /SQLITE_BUSY/ });
  t.is(await readFile(ledger, 'utf8'), before, 'the ledger is put back');
  t.is((await store.leads.lead(lead.id))!.outcome, 'open');
  t.true(await dismissLead(store.leads, ledger, lead, 'Not a limit change.'), 'and the next try makes both');
  t.is((await store.leads.lead(lead.id))!.outcome, 'dismissed');
  t.regex(await readFile(ledger, 'utf8'), /incidents\/abc/);
});

test('an entry the ledger would refuse changes neither the ledger nor the store', async (t) => {
  const { ledger, store } = await workspace(t);
  const { lead } = await store.leads.recordLead(sighting('https://status.claude.com/incidents/abc', null));
  const before = await readFile(ledger, 'utf8');
  await t.throwsAsync(dismissLead(store.leads, ledger, lead, ''), {
    instanceOf: DismissalRefused,
    message: /left_out/,
  });
  t.is(await readFile(ledger, 'utf8'), before);
  t.is((await store.leads.lead(lead.id))!.outcome, 'open');
});
