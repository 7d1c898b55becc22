import type { z } from 'zod';

/** One reason a content set is refused: which file, which field, which rule. */
export interface ContentProblem {
  readonly file: string;
  /** Dotted field path inside the file (`sources[1].url`); empty for the file as a whole. */
  readonly path: string;
  readonly rule: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export function fromZodError(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.map((issue) => ({ file, path: formatPath(issue.path), rule: issue.message }));
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}${problem.path ? ` ${problem.path}` : ''}: ${problem.rule}`;
}
