/**
 * The one rule for text from outside (a feed, a peer, a post, our own service) on its way to a
 * terminal: C0 and C1 controls (ESC, CR, BEL, NUL…), DEL, the Unicode line and paragraph separators
 * and the bidirectional embeddings, overrides and isolates never reach it. A terminal acts on them:
 * an ESC starts a sequence that can write the clipboard (OSC 52), open a link (OSC 8) or clear the
 * screen, a CR lets the rest of a line overwrite what came before, an override reorders what is read.
 * Pure: the client's command bundles it (client/scripts/pack.ts), the tools and the content rules
 * import it.
 */

/** Every character the rule keeps out, as a character class. */
const UNSAFE_CLASS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`);
const UNSAFE_ALL = new RegExp(`[${UNSAFE_CLASS}]`, 'g');
/** The characters of the rule JSON.stringify writes as they are. */
const LEFT_BY_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Line breaks and tabs part words: each run of them reads as one space. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** The first character the rule keeps out, as `U+001B`, or null when the text is clean. */
export function firstControlCharacter(text: string): string | null {
  const found = UNSAFE.exec(text);
  if (!found) return null;
  return `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` as a terminal may print it: breaks become a space, every other control character is dropped. */
export function terminalText(text: string): string {
  return text.replace(BREAKS, ' ').replace(UNSAFE_ALL, '');
}

/** `text` as printable lines: every control character dropped but its line breaks and tabs. */
export function terminalLines(text: string): string {
  return text.replace(UNSAFE_ALL, (char) => (char === '\n' || char === '\t' ? char : ''));
}

/**
 * The address a terminal link (OSC 8) may point to: an http(s) URL with no control character,
 * written as its ASCII `href`; null for anything else, which is then shown without a link.
 */
export function terminalLink(url: string): string | null {
  if (UNSAFE.test(url) || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.href;
}

/**
 * A value as JSON a terminal may print: the characters of the rule that JSON leaves as they are (C1
 * controls, DEL, the separators, the bidi controls) written as `\uXXXX` escapes; it parses the same.
 */
export function terminalJson(value: unknown, space?: number): string {
  // JSON escapes C0 controls in strings itself: a raw one is its own layout (`space`), kept.
  return JSON.stringify(value, null, space).replace(
    LEFT_BY_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
