import type { z } from 'zod';

/** One reason a content set is refused: which file, which field, which rule. */
export interface ContentProblem {
  readonly file: string;
  /** Dotted field path inside the file (`sources[1].url`); empty for the file as a whole. */
  readonly path: string;
  readonly rule: string;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/** What a format check expects, in words with an example, where Zod's message names only the format. */
const EXPECTED: Readonly<Record<string, string>> = {
  datetime: 'a UTC date-time such as 2026-11-21T15:42:00Z',
  date: 'a date such as 2026-11-21',
  url: 'an absolute URL such as https://example.org/post/1',
};

function valueAt(data: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return { found: false, value: undefined };
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: node };
}

/** A value as the curator wrote it, shortened: enough to find it in the file. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Zod's issues as problems, each with the value found (or that the field is missing) and, for a
 * format, what is expected: `"2026-11-21 15:42"` → a UTC date-time such as 2026-11-21T15:42:00Z.
 */
export function fromZodError(file: string, error: z.ZodError, data?: unknown): ContentProblem[] {
  return error.issues.map((issue) => {
    const at = valueAt(data, issue.path);
    const format = issue.code === 'invalid_format' ? EXPECTED[issue.format] : undefined;
    let rule = issue.message;
    if (format) rule += `: expected ${format}`;
    if (data !== undefined && issue.path.length > 0) {
      if (!at.found) rule += ' (the field is missing)';
      else if (issue.code !== 'unrecognized_keys') rule += ` (found ${shown(at.value)})`;
    }
    return { file, path: formatPath(issue.path), rule };
  });
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}${problem.path ? ` ${problem.path}` : ''}: ${problem.rule}`;
}
