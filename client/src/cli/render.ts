import { terminalLink, terminalText } from '../../../domain/terminal-text.js';

/** A piece of the line: its text, its colour, and the page it links to. */
export interface Segment {
  readonly text: string;
  readonly tone: Tone;
  readonly link?: string;
}

type Tone = 'plain' | 'recent' | 'boost' | 'incident' | 'dim';

export interface Style {
  readonly color: boolean;
  readonly links: boolean;
  /** Columns the line may take; null for no limit. */
  readonly width: number | null;
}

const SEPARATOR = ' · ';
const ELLIPSIS = '…';
const TONES: Readonly<Record<Tone, string>> = {
  plain: '',
  recent: '\u001b[1;32m',
  boost: '\u001b[36m',
  incident: '\u001b[33m',
  dim: '\u001b[2m',
};
const RESET = '\u001b[0m';

/** East Asian wide and fullwidth characters, and emoji: two columns each. */
function columnsOf(code: number): number {
  if (code < 0x1100) return 1;
  const wide =
    code <= 0x115f ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

function widthOf(text: string): number {
  let width = 0;
  for (const char of text) width += columnsOf(char.codePointAt(0)!);
  return width;
}

/** `text` cut to `columns`, its last column an ellipsis when anything was cut. */
function cut(text: string, columns: number): string {
  if (widthOf(text) <= columns) return text;
  let kept = '';
  let width = 0;
  for (const char of text) {
    const next = columnsOf(char.codePointAt(0)!);
    if (width + next > columns - 1) break;
    kept += char;
    width += next;
  }
  return kept + ELLIPSIS;
}

/**
 * The segments joined by a separator, cut to the width with an ellipsis, then coloured and linked:
 * each text through the terminal rule, a link only to an http(s) address (domain/terminal-text.ts).
 */
export function renderLine(segments: readonly Segment[], style: Style): string {
  const pieces: { text: string; segment: Segment | null }[] = [];
  segments.forEach((segment, index) => {
    if (index > 0) pieces.push({ text: SEPARATOR, segment: null });
    pieces.push({ text: terminalText(segment.text), segment });
  });
  let left = style.width ?? Number.POSITIVE_INFINITY;
  let line = '';
  for (const piece of pieces) {
    if (left <= 0) break;
    const text = cut(piece.text, left);
    left -= widthOf(text);
    // A separator with nothing after it would end the line: it is dropped with what it led to.
    if (!piece.segment && left <= 1) break;
    let out = text;
    const { segment } = piece;
    if (segment && style.color && TONES[segment.tone]) out = `${TONES[segment.tone]}${out}${RESET}`;
    const link = segment?.link && style.links ? terminalLink(segment.link) : null;
    if (link) out = `\u001b]8;;${link}\u001b\\${out}\u001b]8;;\u001b\\`;
    line += out;
    if (text.endsWith(ELLIPSIS) && text !== piece.text) break;
  }
  return line;
}

/**
 * Colour unless NO_COLOR is set (non-empty) or FORCE_COLOR is 0; a status line's output goes to a
 * bar that renders ANSI colour even though it is no terminal.
 */
export function wantsColor(env: NodeJS.ProcessEnv, terminal: boolean, byDefault: boolean): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return byDefault || terminal;
}

/**
 * OSC 8 links: FORCE_HYPERLINK decides when set; otherwise only in terminals known to show them, as
 * one that does not know OSC 8 may print the sequence as text.
 */
export function wantsLinks(env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_HYPERLINK !== undefined) return env.FORCE_HYPERLINK !== '0' && env.FORCE_HYPERLINK !== '';
  if (env.TERM === 'dumb') return false;
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty'].includes(program)) return true;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID || env.DOMTERM) return true;
  return Number(env.VTE_VERSION ?? 0) >= 5000;
}

/** COLUMNS when it is a positive number, else no limit (a status bar cuts the line itself). */
export function widthFrom(env: NodeJS.ProcessEnv): number | null {
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : null;
}
