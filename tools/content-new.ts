/**
 * `npm run content:new -- <post URL> [--kind … --status … --title … --summary … --allocation …
 * --plans … --audience … --windows …] [--dir …]`: writes `events/<id>.json` for a new event, with
 * what the post URL tells (see `draftEvent`) and, for an X or Bluesky post, the author and words
 * the platform's public oEmbed endpoint gives (`OEMBED_ORIGIN` replaces its origin), and prints what
 * it wrote and what is left to fill. Refuses an id that exists and a value outside its set.
 * `--no-alert` (backfill) records that publishing it sends no browser alert (tools/alert-marks.ts).
 * `--lead <id>` drafts the event from a lead of the inbox (`npm run leads`) instead of a URL: its post
 * or page, its time and its words; the title and summary stay the curator's to write. Publishing an
 * event that cites the lead's post or page closes the lead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DraftOptions } from '../domain/content/draft.js';
import { DRAFT_VALUES, draftEvent, draftOptionsProblem } from '../domain/content/draft.js';
import type { PostDetails } from '../domain/content/oembed.js';
import { oembedUrl, readOembed } from '../domain/content/oembed.js';
import { parsePostUrl } from '../domain/content/post-time.js';
import { loadContent } from '../server/content/read-content.js';
import { formatProblem } from '../domain/content/problems.js';
import type { SourceAccount } from '../domain/schemas/index.js';
import { terminalText } from '../domain/terminal-text.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf, readJsonFile, writeContentFile } from './content-files.js';
import { alertsStoreConfig, markAlert } from './alert-marks.js';
import { openStore } from '../server/store/index.js';
import type { StoredLead } from '../server/store/index.js';

const {
  values: flags,
  positionals: [givenUrl],
  refuse,
  positiveWhole,
} = readCommandLine({
  usage:
    'npm run content:new -- <post URL> | --lead <id> [--kind … --status … --title … --summary … --allocation … --plans … --audience … --windows …] [--no-alert] [--dir <folder>]',
  description:
    "Writes events/<id>.json for a new event from its post URL (an X or Bluesky post's author and words from the platform's oEmbed endpoint when it can be reached) and says what is left to fill in.",
  arguments: [
    {
      name: '<post URL>',
      description: 'the announcement: an X or Bluesky post, or a web page (or --lead)',
    },
  ],
  options: {
    kind: { type: 'string', value: '<kind>', description: `the event kind: ${DRAFT_VALUES.kind.join(', ')}` },
    status: {
      type: 'string',
      value: '<status>',
      description: `the event status: ${DRAFT_VALUES.status.join(', ')}`,
    },
    title: { type: 'string', value: '<title>', description: 'the title; the id is its day and slug' },
    summary: { type: 'string', value: '<text>', description: 'the summary, in your own words' },
    allocation: {
      type: 'string',
      value: '<allocation>',
      description: `the usage concerned: ${DRAFT_VALUES.allocation.join(', ')}`,
    },
    plans: {
      type: 'string',
      value: '<plans>',
      description:
        'all, subscribers, unspecified, or plans among free, pro, max, team, enterprise separated by commas',
    },
    audience: { type: 'string', value: '<text>', description: 'the audience as the post states it' },
    windows: {
      type: 'string',
      value: '<windows>',
      description: `the windows reset, separated by commas: ${DRAFT_VALUES.windows.join(', ')}`,
    },
    lead: {
      type: 'string',
      value: '<id>',
      description:
        'draft from this lead of `npm run leads` (its post or page, time and words) instead of a URL',
    },
    'no-alert': {
      type: 'boolean',
      description: 'backfill: send no browser alert when it is published (history added late)',
    },
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
  },
});
if (flags.lead !== undefined && givenUrl !== undefined) refuse('give a <post URL> or --lead, not both');
if (flags.lead === undefined && givenUrl === undefined) refuse('<post URL> or --lead <id> is required');
const lead = flags.lead === undefined ? null : await readLead(positiveWhole('--lead', flags.lead));
const postUrl = lead?.url ?? givenUrl ?? '';
if (!URL.canParse(postUrl)) refuse(`<post URL>: '${postUrl}' is not a URL`);
/** A status-page lead is an incident unless the curator says otherwise. */
const fromStatusPage = lead !== null && new URL(lead.url).hostname.startsWith('status.');
const options: DraftOptions = { ...(fromStatusPage && { kind: 'incident' }), ...flags };
const wrong = draftOptionsProblem(options);
if (wrong) refuse(wrong);
const dir = contentDirOf(flags.dir);
const sourcesFile = await readJsonFile(path.join(dir, 'sources.json')).catch(() => ({ sources: [] }));
const sources = (sourcesFile['sources'] ?? []) as SourceAccount[];
/** A lead of the inbox, or the command refused naming it. */
async function readLead(id: number): Promise<StoredLead> {
  const { location, pool } = alertsStoreConfig();
  const store = await openStore(location, Date.now, pool);
  try {
    const found = await store.leads.lead(id);
    if (found === null) return refuse(`--lead: no lead #${id} (npm run leads lists them)`);
    if (found.outcome !== 'open') return refuse(`--lead: lead #${id} is answered already (${found.outcome})`);
    return found;
  } finally {
    await store.close();
  }
}

/**
 * The author and words of an X or Bluesky post, from the platform's oEmbed endpoint; none offline
 * (`unread`: they were asked for and could not be read).
 */
async function postDetails(): Promise<{ details: PostDetails; from: string | null; unread?: true }> {
  const none = { details: { authorName: null, text: null }, from: null };
  const post = parsePostUrl(postUrl);
  if (!post || post.platform === 'other') return none;
  const request = oembedUrl(post.platform, postUrl, process.env['OEMBED_ORIGIN']);
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    return { details: readOembed(await response.json()), from: request.origin };
  } catch (error) {
    const why =
      error instanceof Error && error.message.startsWith('it answered') ? error.message : 'unreachable';
    console.log(
      `oEmbed: ${request.origin} could not be read (${why}); the author and words are left to fill in`,
    );
    return { ...none, unread: true };
  }
}

/** The draft, or a usage error when the URL is on X or Bluesky but names no post. */
function draft(details: PostDetails): Record<string, unknown> {
  try {
    return draftEvent(postUrl, options, sources, Date.now(), details);
  } catch (error) {
    return refuse(`<post URL>: ${(error as Error).message}`);
  }
}
// A URL that names no post is refused before anything is asked of the network.
draft({ authorName: null, text: null });
if (!existsSync(path.join(dir, 'events'))) {
  // The folder is wrong, not the command line: a content problem (exit 1), as an existing id is.
  console.error(`not written: ${dir} has no events/ folder (--dir or CONTENT_DIR names the content folder)`);
  process.exit(1);
}
const oembed = await postDetails();
// Offline, a lead still carries the words it was seen with (a changed page's diff is no quote).
const details =
  oembed.from === null && lead !== null && lead.words !== '' && lead.key === lead.url
    ? { authorName: null, text: lead.words }
    : oembed.details;
// Words from outside (oEmbed, a lead) reach the draft as content takes them: no control character.
const event = draft({
  authorName: details.authorName === null ? null : terminalText(details.authorName),
  text: details.text === null ? null : terminalText(details.text),
});
if (lead !== null) fromLead(event, lead);
const file = path.join(dir, 'events', `${String(event['id'])}.json`);
if (existsSync(file)) {
  console.error(
    `not written: ${path.relative(process.cwd(), file)} exists (an event with id "${String(event['id'])}")`,
  );
  process.exit(1);
}
await writeContentFile(file, { $schema: '../schema/event.schema.json', ...event });
console.log(`wrote ${path.relative(process.cwd(), file)}`);
if (lead !== null) {
  await measureFrom(lead, String(event['id']));
  console.log(`drafted from lead #${lead.id} (${lead.sources.join(', ')}); publishing it closes the lead`);
}
if (oembed.from) {
  const day = new Date().toISOString().slice(0, 10);
  console.log(
    `the author and words are as ${oembed.from}'s oEmbed gave them on ${day}; for the account's verification_method: ` +
      `"Post text and author read from the platform's public oEmbed endpoint on ${day}; time decoded from the post id."`,
  );
}
if (flags['no-alert'])
  console.log(await markAlert({ eventId: String(event['id']), revision: 1, mode: 'silent' }));
const result = await loadContent(dir);
const mine = result.ok
  ? []
  : result.problems.filter((problem) => problem.file === `events/${path.basename(file)}`);
// A draft that loads may still lack the post's words (oEmbed unread and no lead's words): not complete.
const wordsMissing = oembed.unread === true && details.text === null;
if (mine.length === 0 && wordsMissing)
  console.log(
    'it loads, but the post’s author and words are still to fill in from the post itself (excerpt, the account); then npm run content:publish',
  );
else if (mine.length === 0) console.log('it is complete: npm run content:publish when ready');
else {
  console.log('still to fill in (npm run content:check names the same):');
  for (const problem of mine) console.log(`  ${formatProblem(problem)}`);
}

/**
 * What a lead adds to its draft: a page's day from when the provider posted it (not today), and a
 * status page's source kind.
 */
function fromLead(event: Record<string, unknown>, from: StoredLead): void {
  const [source] = event['sources'] as Record<string, unknown>[];
  if (new URL(from.url).hostname.startsWith('status.') && source) source['kind'] = 'status_page';
  if (event['time_precision'] === 'date' && from.postedAt !== null) {
    const day = new Date(from.postedAt).toISOString().slice(0, 10);
    event['announced_on'] = day;
    event['id'] = String(event['id']).replace(/^\d{4}-\d{2}-\d{2}/, day);
  }
}

/**
 * Starts the event's freshness measurement in `collection.json` (docs/curating.md, "Freshness"):
 * when its lead was seen. The first alert's time is added once it is delivered (`npm run leads --
 * freshness`).
 */
async function measureFrom(from: StoredLead, eventId: string): Promise<void> {
  const file = path.join(dir, 'collection.json');
  const collection = await readJsonFile(file);
  const freshness = (collection['freshness'] ?? []) as Record<string, unknown>[];
  if (freshness.some((entry) => entry['event_id'] === eventId)) return;
  freshness.push({
    event_id: eventId,
    // To the second, as the draft's publication time is: a lead seen in that same second is not after it.
    lead_seen_at: new Date(Math.floor(from.seenAt / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
  });
  await writeContentFile(file, { ...collection, freshness });
}
