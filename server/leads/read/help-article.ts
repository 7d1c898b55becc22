/**
 * A help-centre article the record cites, read in its plain-text (`.md`) form: any change to its
 * text is a lead (a promotion's dates move as the article is edited), its words the lines removed
 * and added. The first reading only learns the text.
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

const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

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
  const changes = changedLines(memory.lines, lines);
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
        matched: usageTerms(changes.join('\n')),
      },
    ],
    passed: 0,
    memory: next,
  };
}
