/**
 * `npm run content:check [-- <dir> | --dir <dir>] [--json]`: validates a content folder without
 * starting the server. Prints the revision and a summary, or every problem with file, field, the
 * value found and the rule (exit 1). `--json` prints one JSON object instead, for CI.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../domain/content/load.js';
import { formatProblem } from '../domain/content/problems.js';
import { summarizeContent } from '../domain/content/summary.js';

const { values: flags, positionals } = parseArgs({
  options: { dir: { type: 'string' }, json: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dir = path.resolve(flags.dir ?? positionals[0] ?? process.env.CONTENT_DIR ?? 'content');
const result = await loadContent(dir);
if (flags.json) {
  console.log(
    JSON.stringify(
      result.ok
        ? { ok: true, dir, revision: result.content.revision, events: result.content.events.length }
        : { ok: false, dir, problems: result.problems },
      null,
      2,
    ),
  );
} else if (result.ok) {
  console.log(`content ok: ${dir}`);
  console.log(`revision ${result.content.revision}`);
  console.log(summarizeContent(result.content));
} else {
  console.error(
    `content invalid: ${dir} (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'})`,
  );
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
}
if (!result.ok) process.exitCode = 1;
