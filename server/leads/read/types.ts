import type { LeadSighting } from '../../store/index.js';

/**
 * A sighting as a reader makes it: the watcher adds the source's name. A `change` is a page or an
 * entry known before that says something new (a help article's text, an incident's update): the
 * ledger or the record knowing the page does not answer it.
 */
export type Sighting = Omit<LeadSighting, 'source'> & { readonly change?: boolean };

/** What a reader made of one answer: the sightings that may be leads, how many items it passed over. */
export interface Reading<S> {
  readonly sightings: readonly Sighting[];
  /** Items read that are no lead (they speak of nothing usage-related, or were seen before). */
  readonly passed: number;
  /** The reader's memory for the next answer (seen items, a page's last text, a cursor). */
  readonly memory: S;
}

/** A reader's answer cannot be read: its body is not the format the source names. */
export class UnreadableAnswer extends Error {
  override readonly name = 'UnreadableAnswer';
}

/** At most this many characters of words are kept of one item: a lead is read by a person. */
const WORDS_KEPT = 2_000;

export const clip = (text: string): string =>
  text.length <= WORDS_KEPT ? text : `${text.slice(0, WORDS_KEPT - 1).trimEnd()}…`;

/** How deep an answer may nest (JSON, HTML): no source's real answer nears it, and a reader recurses. */
export const MAX_DEPTH = 64;

/** Whether JSON `text` nests arrays and objects deeper than `limit` (strings read past, not counted). */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/** `body` as JSON, nested at most `MAX_DEPTH` deep; otherwise an unreadable answer. */
export function parseJsonAnswer(body: string): unknown {
  if (nestsDeeper(body, MAX_DEPTH)) throw new UnreadableAnswer(`JSON nested deeper than ${MAX_DEPTH}`);
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw new UnreadableAnswer(`not JSON (${(error as Error).message})`);
  }
}
