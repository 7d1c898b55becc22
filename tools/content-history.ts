import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ContentProblem } from '../domain/content/problems.js';

const git = promisify(execFile);

/** The file as it was at `ref`, or null when it did not exist there. */
async function atRef(dir: string, ref: string, file: string): Promise<string | null> {
  try {
    const { stdout } = await git('git', ['show', `${ref}:./${file}`], {
      cwd: dir,
      maxBuffer: 8 * 1024 * 1024,
    });
    return stdout;
  } catch {
    return null;
  }
}

const comparable = (text: string): string => {
  const data = JSON.parse(text) as Record<string, unknown>;
  delete data['$schema'];
  return JSON.stringify(data);
};

/**
 * Event files whose content changed since the git `ref` while `revision` and `revised_at` stayed
 * the same: an edit readers and feeds would not see as one (docs/api-contract.md §3: an edit moves both).
 */
export async function editsWithoutRevision(dir: string, ref: string): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const names = (await readdir(path.join(dir, 'events'))).filter((name) => name.endsWith('.json')).sort();
  for (const name of names) {
    const file = `events/${name}`;
    const before = await atRef(dir, ref, file);
    if (before === null) continue;
    try {
      const now = await readFile(path.join(dir, file), 'utf8');
      if (comparable(now) === comparable(before)) continue;
      const [old, current] = [JSON.parse(before), JSON.parse(now)] as Record<string, unknown>[];
      if (old?.['revision'] === current?.['revision'] || old?.['revised_at'] === current?.['revised_at']) {
        problems.push({
          file,
          path: 'revision',
          rule: `changed since ${ref} without a revision and revised_at bump (npm run content:revise -- ${name.slice(0, -5)})`,
        });
      }
    } catch {
      // A file that is not JSON now or then is reported by the check itself.
    }
  }
  return problems;
}
