/**
 * The one rule for text from outside (a feed, a peer, a post, a service) on its way to a terminal:
 * no control character reaches it. C0 and C1 controls (ESC, CR, BEL, …), DEL, the line and
 * paragraph separators (U+2028, U+2029) and the bidirectional marks, embeddings, overrides and
 * isolates are dropped, so nothing printed can move the cursor, rewrite a line, set a title, write
 * the clipboard (OSC 52), open a link (OSC 8) or reorder what is read.
 */

/** Everything a terminal may act on, but a line break and a tab. */
const CONTROLS = /(?![\n\t])[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` as one printable line: controls dropped, line breaks and tabs made spaces. */
export function printableLine(text: string): string {
  return text.replace(CONTROLS, '').replace(/[\n\t]+/g, ' ');
}

/** `text` as printable lines: controls dropped, its line breaks and tabs kept. */
export function printableText(text: string): string {
  return text.replace(CONTROLS, '');
}

/**
 * `value` as JSON a terminal may print: the controls JSON leaves as they are (DEL, C1, U+2028/9, the
 * bidirectional ones) written as `\uXXXX` escapes, so a script reading it gets the same value.
 */
export function printableJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
