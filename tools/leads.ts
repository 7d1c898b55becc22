/**
 * `npm run leads -- [list|show <id>|dismiss <id> --why "…"|watch [--once] [--backfill]]`: the
 * curator's inbox of leads (docs/curating.md, "Leads"). `list` (the default) prints the open leads,
 * newest first (`--all` every lead, `--json` for scripts); `show` one lead whole; `dismiss` answers a
 * lead with why it is no event and writes that into the research ledger; `watch` polls the sources
 * (server/leads/) on their intervals, or each once with `--once`, printing a summary; `freshness`
 * adds to `collection.json`'s freshness measurements when each event's first alert was delivered.
 */
import { terminalJson, terminalText, terminalLines } from '../domain/terminal-text.js';
import type { StoredLead } from '../server/store/index.js';
import { describeLocation, openStore } from '../server/store/index.js';
import { createLogger } from '../server/logger.js';
import { LeaseLost } from '../server/store/index.js';
import { openWatcher } from '../server/leads/index.js';
import { runWatcher } from '../server/leads/index.js';
import type { LeadSettings } from '../server/leads/index.js';
import { readLeadSettings } from '../server/leads/index.js';
import { leadMessage } from '../server/leads/index.js';
import { readCommandLine } from './command-line.js';
import { serviceEnv } from './service-settings.js';
import { readJsonFile, writeContentFile } from './content-files.js';
import { DismissalRefused, dismissLead } from './lead-dismissal.js';
import type { Store } from '../server/store/index.js';

const COMMANDS = ['list', 'show', 'dismiss', 'watch', 'freshness'] as const;

// `npm run leads | head`: the reader has what it wanted; the rest is nobody's, and that is no failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

const {
  values: flags,
  positionals: [command = 'list', id],
  refuse,
  positiveWhole,
} = readCommandLine({
  usage:
    'npm run leads -- [list [--all] [--json] | show <id> | dismiss <id> --why "…" | watch [--once] [--backfill]]',
  description:
    "The curator's inbox: lists the open leads, shows one, answers one that is no event, or runs the watcher that finds them.",
  arguments: [
    { name: '<command>', description: `list (the default), show, dismiss, watch or freshness` },
    { name: '<id>', description: 'a lead, for show and dismiss' },
  ],
  options: {
    all: { type: 'boolean', description: 'list: every lead, answered ones too' },
    json: { type: 'boolean', description: 'list and show: JSON, for scripts' },
    why: { type: 'string', value: '<text>', description: 'dismiss: why the lead is no event, one line' },
    once: { type: 'boolean', description: 'watch: poll each source once, print a summary and exit' },
    backfill: {
      type: 'boolean',
      description: "watch: on a source's first poll, make leads of what it holds already",
    },
  },
});
if (!(COMMANDS as readonly string[]).includes(command))
  refuse(`<command>: '${command}' is not one of ${COMMANDS.join(', ')}`);
if ((command === 'show' || command === 'dismiss') && id === undefined) refuse(`${command} needs a lead <id>`);
if (command !== 'show' && command !== 'dismiss' && id !== undefined) refuse(`unexpected argument '${id}'`);
if (command === 'dismiss' && !flags.why?.trim())
  refuse('dismiss needs --why "…": the reason goes into the ledger');
if (flags.why !== undefined && command !== 'dismiss') refuse('--why is for dismiss');
if ((flags.once || flags.backfill) && command !== 'watch') refuse('--once and --backfill are for watch');
if (flags.backfill && !flags.once) refuse('--backfill needs --once');
const leadId = id === undefined ? undefined : positiveWhole('<id>', id);

let settings: LeadSettings;
try {
  settings = readLeadSettings(serviceEnv());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// What a lead holds came from outside (a feed, a peer, X): printed only through the one rule.
const line = (lead: StoredLead) =>
  [
    `#${lead.id}`,
    `seen ${new Date(lead.seenAt).toISOString().slice(0, 16)}Z`,
    lead.outcome === 'open' ? '' : lead.outcome === 'event' ? `→ ${lead.eventId}` : `dismissed: ${lead.why}`,
    lead.title,
    lead.url,
    lead.matched.length > 0 ? `[${lead.matched.join(', ')}]` : '',
    `(${lead.sources.join(', ')})`,
  ]
    .map(terminalText)
    .filter((part) => part !== '')
    .join('  ');
const leadJson = (lead: StoredLead) => ({
  ...leadMessage(lead),
  outcome: lead.outcome,
  event_id: lead.eventId,
  why: lead.why,
});

if (command === 'watch') {
  const log = createLogger(settings.logLevel);
  if (!flags.once) {
    // The same process as the PM2 app's (server/leads/run-watcher.ts), in the foreground.
    await runWatcher(settings, log, { backfill: flags.backfill ?? false });
  } else {
    const opened = await openWatcher(settings, log, { backfill: flags.backfill ?? false }).catch(
      (error: Error) => {
        console.error(`watcher not started: ${terminalText(error.message)}`);
        return process.exit(1);
      },
    );
    try {
      const summaries = await opened.watcher.round(true).catch((error: Error) => {
        if (!(error instanceof LeaseLost)) throw error;
        console.error(
          `not polled: ${terminalText(error.message)} (a watcher runs; its leads are in \`npm run leads\`)`,
        );
        process.exitCode = 1;
        return [];
      });
      for (const summary of summaries)
        console.log(
          `${summary.name}: ${summary.outcome}, ${summary.leads} new lead(s), ${summary.known} known, ${summary.passed} passed${summary.deferred ? `, ${summary.deferred} deferred to the next rounds` : ''}${summary.reason ? ` (${terminalText(summary.reason)})` : ''}`,
        );
      const open = await opened.store.leads.leads('open');
      console.log(`${open.length} open lead(s) in ${describeLocation(settings.store.location)}`);
    } finally {
      await opened.close();
    }
  }
} else {
  const store = await openStore(settings.store.location, Date.now, settings.store.pool).catch(
    (error: Error) => {
      console.error(
        `the store ${describeLocation(settings.store.location)} cannot be opened: ${error.message}`,
      );
      return process.exit(1);
    },
  );
  try {
    if (command === 'freshness') {
      const measured = await measureFirstAlerts(settings.contentDir, store);
      console.log(
        measured.length === 0
          ? 'no measurement waits for a delivered alert'
          : measured.map((id) => `${id}: first alert recorded`).join('\n'),
      );
    } else if (command === 'list') {
      const leads = await store.leads.leads(flags.all ? undefined : 'open');
      if (flags.json) console.log(terminalJson(leads.map(leadJson), 2));
      else if (leads.length === 0) console.log(flags.all ? 'no leads' : 'no open leads');
      else for (const lead of leads) console.log(line(lead));
    } else {
      const lead = await store.leads.lead(leadId!);
      if (lead === null) {
        console.error(`no lead #${leadId}`);
        process.exitCode = 1;
      } else if (command === 'show') {
        if (flags.json) console.log(terminalJson(leadJson(lead), 2));
        else console.log([line(lead), '', terminalLines(lead.words)].join('\n'));
      } else if (lead.outcome !== 'open') {
        console.error(`lead #${lead.id} is answered already (${lead.outcome})`);
        process.exitCode = 1;
      } else {
        const why = flags.why!.trim().replace(/\s+/g, ' ');
        const written = await dismissLead(store.leads, settings.ledgerFile, lead, why).catch(
          (error: Error) => {
            if (!(error instanceof DismissalRefused)) throw error;
            console.error(`lead #${lead.id} not dismissed: ${terminalText(error.message)}`);
            process.exitCode = 1;
            return null;
          },
        );
        if (written !== null)
          console.log(
            `lead #${lead.id} dismissed${written ? `; ${settings.ledgerFile} holds it, left out` : ''}`,
          );
      }
    }
  } finally {
    await store.close();
  }
}

/**
 * Fills in each freshness measurement still without its first alert, from the store's deliveries,
 * and returns the events it filled in. Measurements whose alert is not delivered yet stay as they are.
 */
async function measureFirstAlerts(contentDir: string, store: Store): Promise<string[]> {
  const file = `${contentDir}/collection.json`;
  const collection = await readJsonFile(file);
  const entries = (collection['freshness'] ?? []) as Record<string, unknown>[];
  const filled: string[] = [];
  for (const entry of entries) {
    if (typeof entry['first_alert_at'] === 'string') continue;
    const at = await store.leads.firstDelivered(String(entry['event_id']));
    if (at === null) continue;
    entry['first_alert_at'] = new Date(at).toISOString();
    filled.push(String(entry['event_id']));
  }
  if (filled.length > 0) await writeContentFile(file, collection);
  return filled;
}
