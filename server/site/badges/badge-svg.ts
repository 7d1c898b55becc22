import measure from 'anafanafo';
import escapeHtml from 'escape-html';

/** shields.io's named colours, the ones the badges here use. */
const BADGE_COLORS = {
  brightgreen: '#4c1',
  blue: '#007ec6',
  yellow: '#dfb317',
  orange: '#fe7d37',
  lightgrey: '#9f9f9f',
} as const;
type BadgeColor = keyof typeof BADGE_COLORS;

export interface Badge {
  readonly label: string;
  readonly message: string;
  readonly color: BadgeColor;
}

const LABEL_COLOR = '#555';
const PADDING = 5;

/** Text width as shields computes it (Verdana 11px table), rounded up to odd for pixel-grid alignment. */
export function textWidth(text: string): number {
  const width = Math.floor(measure(text, { font: '11px Verdana', guess: true }));
  return width % 2 === 0 ? width + 1 : width;
}

/** White text on dark backgrounds, dark text on light ones (shields' brightness threshold). */
function textColors(hex: string): { text: string; shadow: string } {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (digit) => digit + digit) : hex;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
  const brightness = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return brightness <= 0.69 ? { text: '#fff', shadow: '#010101' } : { text: '#333', shadow: '#ccc' };
}

function textPair(text: string, center: number, width: number, colors: { text: string; shadow: string }) {
  // Drawn at 10x and scaled down, as shields does, so positions keep a tenth of a pixel.
  const x = Math.round(center * 10);
  const length = width * 10;
  const escaped = escapeHtml(text);
  return (
    `<text aria-hidden="true" x="${x}" y="150" fill="${colors.shadow}" fill-opacity=".3" transform="scale(.1)" textLength="${length}">${escaped}</text>` +
    `<text x="${x}" y="140" transform="scale(.1)" fill="${colors.text}" textLength="${length}">${escaped}</text>`
  );
}

/** A flat shields-style badge: grey label, coloured message, 20px high, named by its `<title>`. */
export function renderBadgeSvg(badge: Badge): string {
  const labelWidth = textWidth(badge.label);
  const messageWidth = textWidth(badge.message);
  const left = labelWidth + 2 * PADDING;
  const right = messageWidth + 2 * PADDING;
  const width = left + right;
  const color = BADGE_COLORS[badge.color];
  const name = escapeHtml(`${badge.label}: ${badge.message}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="${LABEL_COLOR}"/><rect x="${left}" width="${right}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">` +
    textPair(badge.label, left / 2, labelWidth, textColors(LABEL_COLOR)) +
    textPair(badge.message, left + right / 2, messageWidth, textColors(color)) +
    `</g></svg>`
  );
}
