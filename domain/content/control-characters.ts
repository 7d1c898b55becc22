import { firstControlCharacter } from '../terminal-text.js';
import type { ContentProblem } from './problems.js';

/**
 * Every string of a content file, whatever its field (titles, summaries, excerpts, notes, names,
 * addresses, translations), is shown on a page, in a feed, a mail or a terminal: none may hold a
 * character the terminal rule keeps out (domain/terminal-text.ts). One walk over the file, so a field
 * added to a schema is covered without being listed here.
 */
export function checkControlCharacters(file: string, data: unknown, problems: ContentProblem[]): void {
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      const found = firstControlCharacter(value);
      if (found)
        problems.push({ file, path, rule: `must not hold control characters (found ${found})` });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
    }
  };
  walk(data, '');
}
