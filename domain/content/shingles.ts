import { createHash } from 'node:crypto';

/**
 * Runs of words shared with other people's prose (docs/curating.md, "What counts": our own words).
 * Texts are compared as runs of SHINGLE_WORDS normalized words; the repository keeps only a short
 * hash of each run of the other texts (docs/record/prose-shingles.json), never the texts.
 */
export const SHINGLE_WORDS = 8;

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  twenty: '20',
  fifty: '50',
  hundred: '100',
};

/**
 * The words of a text as they are compared: Unicode-normalized, lower case, apostrophes and a
 * possessive `'s` dropped, split on anything that is not a letter or digit, number words as
 * digits. So "5-hour" and "five-hour", "Claude Code's" and "Claude Code" compare equal.
 */
export function normalizedWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return words.map((word) => NUMBER_WORDS[word] ?? word);
}

/** Every run of `size` consecutive words, each joined by one space. */
export function shingles(words: readonly string[], size = SHINGLE_WORDS): string[] {
  const runs: string[] = [];
  for (let start = 0; start + size <= words.length; start += 1)
    runs.push(words.slice(start, start + size).join(' '));
  return runs;
}

/** The stored form of a run: the first 16 hex digits of its SHA-256. */
export function shingleHash(run: string): string {
  return createHash('sha256').update(run, 'utf8').digest('hex').slice(0, 16);
}

/** The runs of `text` whose hash is in `hashes`. */
export function sharedRuns(text: string, hashes: ReadonlySet<string>): string[] {
  return shingles(normalizedWords(text)).filter((run) => hashes.has(shingleHash(run)));
}

/** Every string value of a JSON document, depth first (object keys are not prose). */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(jsonStrings);
  return [];
}
