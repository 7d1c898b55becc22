/**
 * `npm run content:check [dir]`: validates a content folder without starting the server.
 * Prints the revision and a summary, or every problem with file, field and rule (exit 1).
 */
import path from 'node:path';
import { loadContent } from '../domain/content/load.js';
import { formatProblem } from '../domain/content/problems.js';
import { summarizeContent } from '../domain/content/summary.js';

const dir = path.resolve(process.argv[2] ?? process.env.CONTENT_DIR ?? 'content');
const result = await loadContent(dir);
if (result.ok) {
  console.log(`content ok: ${dir}`);
  console.log(`revision ${result.content.revision}`);
  console.log(summarizeContent(result.content));
} else {
  console.error(
    `content invalid: ${dir} (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'})`,
  );
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
  process.exitCode = 1;
}
