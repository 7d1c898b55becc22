import type { CacheFile } from './cache.js';
import type { Segment } from './render.js';
import type { Language } from './words.js';
import { agoText, clockText, dayText, fill, wordsOf } from './words.js';

/** A reset this recent is marked as news. */
const RECENT_MS = 24 * 3_600_000;
/** An increase whose record states no end counts as in effect this long after it was announced. */
const INCREASE_UNDATED_MS = 14 * 86_400_000;
/** An incident this recent is shown. */
const INCIDENT_MS = 7 * 86_400_000;

/** The user's own limits, from Claude Code's statusLine JSON: epoch ms of each reset, and use. */
export interface OwnLimits {
  readonly fiveHour: { readonly usedPercent: number | null; readonly resetsAt: number | null } | null;
  readonly weekly: { readonly usedPercent: number | null; readonly resetsAt: number | null } | null;
}

/** The service's part of the line: the latest reset, an increase in effect, a recent incident. */
export function serviceSegments(cache: CacheFile, language: Language, now: number): Segment[] {
  const words = wordsOf(language);
  const segments: Segment[] = [];
  const latest = cache.status?.latestReset ?? null;
  if (latest) {
    const since = now - latest.at;
    const ago = agoText(language, Math.max(0, since));
    const recent = since < RECENT_MS;
    segments.push({
      text: fill(recent ? words.recentReset : words.reset, { ago }),
      tone: recent ? 'recent' : 'plain',
      link: latest.url,
    });
  } else if (cache.status) {
    segments.push({ text: words.noReset, tone: 'plain' });
  }
  const increase = cache.events?.increases
    .filter((fact) =>
      fact.endsAt === null ? now - fact.at < INCREASE_UNDATED_MS : fact.endsAt > now && fact.at <= now,
    )
    .sort((a, b) => (b.endsAt ?? 0) - (a.endsAt ?? 0))[0];
  if (increase)
    segments.push({
      text:
        increase.endsAt === null
          ? words.boost
          : fill(words.boostUntil, { date: dayText(language, increase.endsAt - 1) }),
      tone: 'boost',
      link: increase.url,
    });
  const incident = cache.events?.incidents.find((fact) => now - fact.at < INCIDENT_MS);
  if (incident)
    segments.push({
      text: fill(words.incident, { ago: agoText(language, Math.max(0, now - incident.at)) }),
      tone: 'incident',
      link: incident.url,
    });
  return segments;
}

/** "5h 42% 14:30 · 7d 18% Mon 09:00": the user's own windows and when each resets. */
export function ownSegments(limits: OwnLimits, language: Language, now: number): Segment[] {
  const words = wordsOf(language);
  const segments: Segment[] = [];
  for (const [label, limit] of [
    [words.fiveHour, limits.fiveHour],
    [words.weekly, limits.weekly],
  ] as const) {
    if (!limit || (limit.usedPercent === null && limit.resetsAt === null)) continue;
    const parts = [label];
    if (limit.usedPercent !== null) parts.push(`${Math.round(limit.usedPercent)}%`);
    if (limit.resetsAt !== null) parts.push(`↺${clockText(language, limit.resetsAt, now)}`);
    segments.push({ text: parts.join(' '), tone: 'dim' });
  }
  return segments;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `resets_at` as Claude Code gives it (epoch seconds), or in ms, or an ISO date; null otherwise. */
function epochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    const parsed = /^\d+(\.\d+)?$/.test(value) ? epochMs(Number(value)) : Date.parse(value);
    return parsed === null || Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function limitOf(value: unknown): OwnLimits['fiveHour'] {
  if (!isObject(value)) return null;
  const used = value.used_percentage;
  return {
    usedPercent: typeof used === 'number' && Number.isFinite(used) ? used : null,
    resetsAt: epochMs(value.resets_at),
  };
}

/** The user's limits from stdin's text: absent, partial or broken input gives what it can, or none. */
export function readOwnLimits(text: string): OwnLimits {
  let input: unknown = null;
  try {
    input = JSON.parse(text);
  } catch {
    // Not JSON (or nothing at all): the line goes on without the user's limits.
  }
  const limits = isObject(input) && isObject(input.rate_limits) ? input.rate_limits : {};
  return { fiveHour: limitOf(limits.five_hour), weekly: limitOf(limits.seven_day) };
}
