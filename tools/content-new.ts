/**
 * `npm run content:new -- <post URL> [--kind … --status … --title … --plans … --windows …] [--dir …]`:
 * writes `events/<id>.json` for a new event, with what the post URL tells (see `draftEvent`), and
 * prints what it wrote and what is left to fill. Refuses an id that exists.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { draftEvent } from '../domain/content/draft.js';
import { loadContent } from '../server/content/read-content.js';
import { formatProblem } from '../domain/content/problems.js';
import type { SourceAccount } from '../domain/schemas/index.js';
import { contentDirOf, readJsonFile, writeContentFile } from './content-files.js';

const { values: flags, positionals } = parseArgs({
  options: {
    dir: { type: 'string' },
    kind: { type: 'string' },
    status: { type: 'string' },
    title: { type: 'string' },
    plans: { type: 'string' },
    windows: { type: 'string' },
  },
  allowPositionals: true,
});
const [postUrl] = positionals;
if (!postUrl) {
  console.error(
    'usage: npm run content:new -- <post URL> [--kind … --status … --title … --plans … --windows …]',
  );
  process.exit(2);
}
const dir = contentDirOf(flags.dir);
const sourcesFile = await readJsonFile(path.join(dir, 'sources.json')).catch(() => ({ sources: [] }));
const sources = (sourcesFile['sources'] ?? []) as SourceAccount[];
let event: Record<string, unknown>;
try {
  event = draftEvent(postUrl, flags, sources, Date.now());
} catch (error) {
  console.error((error as Error).message);
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
const result = await loadContent(dir);
const mine = result.ok
  ? []
  : result.problems.filter((problem) => problem.file === `events/${path.basename(file)}`);
if (mine.length === 0) console.log('it is complete: npm run content:publish when ready');
else {
  console.log('still to fill in (npm run content:check names the same):');
  for (const problem of mine) console.log(`  ${formatProblem(problem)}`);
}
