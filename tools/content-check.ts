/**
 * `npm run content:check [-- <dir> | --dir <dir>] [--json]`: validates a content folder without
 * starting the server. Prints the revision and a summary, or every problem with file, field, the
 * value found and the rule (exit 1). Warnings (a stale translation) are printed either way and never
 * fail the check. `--json` prints one JSON object instead, for CI. `--since <git ref>` also flags every event file changed since that ref without a `revision` and `revised_at` bump.
 */
import path from 'node:path';
import { loadContent } from '../server/content/read-content.js';
import { formatProblem } from '../domain/content/problems.js';
import { summarizeContent } from '../domain/content/summary.js';
import { readCommandLine } from './command-line.js';
import { serviceEnv } from './service-settings.js';
import { editsWithoutRevision } from './content-history.js';

const { values: flags, positionals } = readCommandLine({
  usage: 'npm run content:check -- [<dir>] [--dir <folder>] [--json] [--since <git ref>]',
  description: 'Validates a content folder without starting the server (exit 1 when it is invalid).',
  arguments: [{ name: '<dir>', description: 'the content folder (as --dir)' }],
  options: {
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
    json: { type: 'boolean', default: false, description: 'print one JSON object instead, for CI' },
    since: {
      type: 'string',
      value: '<git ref>',
      description: 'also flag every event file changed since the ref without a revision bump',
    },
  },
});
const dir = path.resolve(flags.dir ?? positionals[0] ?? (serviceEnv().CONTENT_DIR || 'content'));
const loaded = await loadContent(dir);
const unbumped = flags.since === undefined ? [] : await editsWithoutRevision(dir, flags.since);
const result: typeof loaded =
  unbumped.length === 0
    ? loaded
    : {
        ok: false,
        problems: [...(loaded.ok ? [] : loaded.problems), ...unbumped],
        warnings: loaded.warnings,
        directory: null,
      };
const { warnings } = result;
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
if (flags.json) {
  console.log(
    JSON.stringify(
      result.ok
        ? { ok: true, dir, revision: result.content.revision, events: result.content.events.length, warnings }
        : { ok: false, dir, problems: result.problems, warnings },
      null,
      2,
    ),
  );
} else if (result.ok) {
  console.log(`content ok: ${dir}`);
  console.log(`revision ${result.content.revision}`);
  console.log(summarizeContent(result.content));
} else {
  console.error(`content invalid: ${dir} (${counted(result.problems.length, 'problem')})`);
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
}
if (!flags.json && warnings.length > 0) {
  console.error(`${counted(warnings.length, 'warning')} (the content still loads):`);
  for (const warning of warnings) console.error(`  ${formatProblem(warning)}`);
}
if (!result.ok) process.exitCode = 1;
