/**
 * A help-centre article the record cites, read in its plain-text (`.md`) form: any change to its
 * text is a lead (a promotion's dates move as the article is edited), its words the lines removed
 * and added. What the help centre changes around the text is not read: the `*Updated yesterday*`
 * line (it moves every day) and the Related Articles list. The first reading only learns the text.
 */
import { createHash } from 'node:crypto';
import { usageTerms } from '../words.js';
import type { Reading } from './types.js';
import { UnreadableAnswer, clip } from './types.js';

/** The article's text as last read, by line, and its hash. */
export interface ArticleMemory {
  readonly hash: string;
  readonly lines: readonly string[];
}

/** The "Updated …" line the help centre writes above or below the text. */
const DATE_LINE = /^[*_]*\s*(?:last )?updated\b[^.]{0,40}[*_]*$/i;
/** The related list's heading: it and what follows it are the help centre's, not the article's. */
const RELATED = /^(?:#+\s*)?[*_]*related articles[*_]*:?$/i;

/** The article's own lines: its date line and related list out. */
const articleLines = (all: readonly string[]): string[] => {
  const lines = all.filter((line) => line !== '' && !DATE_LINE.test(line));
  const related = lines.findIndex((line) => RELATED.test(line));
  return related === -1 ? lines : lines.slice(0, related);
};

const linesOf = (text: string): string[] => articleLines(text.split('\n').map((line) => line.trim()));

/** The lines of `after` that `before` lacks (+) and those it lost (−), each once, in their order. */
export function changedLines(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  const has = new Set(after);
  return [
    ...before.filter((line) => !has.has(line)).map((line) => `− ${line}`),
    ...after.filter((line) => !had.has(line)).map((line) => `+ ${line}`),
  ];
}

export function readHelpArticle(
  text: string,
  memory: ArticleMemory | null,
  options: { page: string },
): Reading<ArticleMemory> {
  if (/^\s*<(!doctype|html)\b/i.test(text)) throw new UnreadableAnswer('an HTML page, not the article text');
  const lines = linesOf(text);
  const hash = createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 12);
  const next = { hash, lines };
  if (memory === null || memory.hash === hash) return { sightings: [], passed: 1, memory: next };
  // Lines kept by an earlier reading that read the help centre's own lines too are read as now.
  const changes = changedLines(articleLines(memory.lines), lines);
  if (changes.length === 0) return { sightings: [], passed: 1, memory: next };
  const title = /^#\s+(.*)$/m.exec(text)?.[1]?.trim() ?? options.page;
  return {
    sightings: [
      {
        key: `${options.page}#${hash}`,
        url: options.page,
        postId: null,
        postedAt: null,
        title: `Changed: ${title}`,
        words: clip(changes.join('\n')),
        matched: usageTerms(changes.join('\n'), 'notice'),
        change: true,
      },
    ],
    passed: 0,
    memory: next,
  };
}
