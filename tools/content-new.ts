/**
 * `npm run content:new -- <post URL> [--kind … --status … --title … --plans … --windows …] [--dir …]`:
 * writes `events/<id>.json` for a new event, with what the post URL tells (see `draftEvent`), and
 * prints what it wrote and what is left to fill. Refuses an id that exists. `--no-alert` (backfill)
 * records that publishing it sends no browser alert (tools/alert-marks.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { draftEvent } from '../domain/content/draft.js';
import { loadContent } from '../server/content/read-content.js';
import { formatProblem } from '../domain/content/problems.js';
import type { SourceAccount } from '../domain/schemas/index.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf, readJsonFile, writeContentFile } from './content-files.js';
import { markAlert } from './alert-marks.js';

const {
  values: flags,
  positionals: [postUrl = ''],
  refuse,
} = readCommandLine({
  usage:
    'npm run content:new -- <post URL> [--kind … --status … --title … --plans … --windows …] [--no-alert] [--dir <folder>]',
  description: 'Writes events/<id>.json for a new event from its post URL and says what is left to fill in.',
  arguments: [
    {
      name: '<post URL>',
      required: true,
      description: 'the announcement: an X or Bluesky post, or a web page',
    },
  ],
  options: {
    kind: { type: 'string', value: '<kind>', description: 'the event kind, e.g. usage_reset' },
    status: { type: 'string', value: '<status>', description: 'the event status, e.g. confirmed' },
    title: { type: 'string', value: '<title>', description: 'the title; the id is its day and slug' },
    plans: {
      type: 'string',
      value: '<plans>',
      description: 'all, subscribers, unspecified, or plans separated by commas',
    },
    windows: { type: 'string', value: '<windows>', description: 'the windows reset, separated by commas' },
    'no-alert': {
      type: 'boolean',
      description: 'backfill: send no browser alert when it is published (history added late)',
    },
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR, else content/)',
    },
  },
});
if (!URL.canParse(postUrl)) refuse(`<post URL>: '${postUrl}' is not a URL`);
const dir = contentDirOf(flags.dir);
const sourcesFile = await readJsonFile(path.join(dir, 'sources.json')).catch(() => ({ sources: [] }));
const sources = (sourcesFile['sources'] ?? []) as SourceAccount[];
/** The draft, or a usage error when the URL is on X or Bluesky but names no post. */
function draft(): Record<string, unknown> {
  try {
    return draftEvent(postUrl, flags, sources, Date.now());
  } catch (error) {
    return refuse(`<post URL>: ${(error as Error).message}`);
  }
}
const event = draft();
if (!existsSync(path.join(dir, 'events'))) {
  // The folder is wrong, not the command line: a content problem (exit 1), as an existing id is.
  console.error(`not written: ${dir} has no events/ folder (--dir or CONTENT_DIR names the content folder)`);
  process.exit(1);
}
const file = path.join(dir, 'events', `${String(event['id'])}.json`);
if (existsSync(file)) {
  console.error(
    `not written: ${path.relative(process.cwd(), file)} exists (an event with id "${String(event['id'])}")`,
  );
  process.exit(1);
}
await writeContentFile(file, { $schema: '../schema/event.schema.json', ...event });
console.log(`wrote ${path.relative(process.cwd(), file)}`);
if (flags['no-alert']) console.log(markAlert({ eventId: String(event['id']), revision: 1, mode: 'silent' }));
const result = await loadContent(dir);
const mine = result.ok
  ? []
  : result.problems.filter((problem) => problem.file === `events/${path.basename(file)}`);
if (mine.length === 0) console.log('it is complete: npm run content:publish when ready');
else {
  console.log('still to fill in (npm run content:check names the same):');
  for (const problem of mine) console.log(`  ${formatProblem(problem)}`);
}
