import { DAY_MS } from '../../../../domain/time.js';
import type { Lang } from '../../i18n/lang.js';

/** A coordinate with at most one decimal, so the markup stays short and stable. */
export const num = (value: number): string => String(Math.round(value * 10) / 10);

/** Maps `[d0, d1]` onto `[r0, r1]`; a zero-width domain maps to the middle of the range. */
export function linear(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

export interface Tick {
  readonly value: number;
  readonly label: string;
  /** Minor ticks lose their label on narrow screens, where the text is larger. */
  readonly minor: boolean;
}

const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60];
const DAY_STEPS = [1, 2, 7, 14];

function monthStart(year: number, month: number): number {
  return Date.UTC(year, month, 1);
}

/** Calendar ticks over `[start, end]` (epoch ms): days for short spans, else month starts. */
export function timeTicks(lang: Lang, start: number, end: number, maxTicks: number): Tick[] {
  if (end - start <= 62 * DAY_MS) {
    const step = DAY_STEPS.find((days) => (end - start) / (days * DAY_MS) <= maxTicks) ?? 28;
    const ticks: Tick[] = [];
    for (let value = start, i = 0; value <= end; value += step * DAY_MS, i += 1) {
      ticks.push({ value, label: lang.dayMonth(value), minor: i % 2 === 1 });
    }
    return ticks;
  }
  const first = new Date(start);
  const months: number[] = [];
  for (
    let m = first.getUTCFullYear() * 12 + first.getUTCMonth() + (first.getUTCDate() > 1 ? 1 : 0);
    monthStart(Math.floor(m / 12), m % 12) <= end;
    m += 1
  ) {
    months.push(m);
  }
  const step = MONTH_STEPS.find((size) => months.length / size <= maxTicks) ?? 120;
  // Months counted from year 0, so every step lands on the same calendar months each year.
  const chosen = months.filter((m) => m % step === 0);
  return chosen.map((m, i) => {
    const month = m % 12;
    const value = monthStart(Math.floor(m / 12), month);
    return {
      value,
      label: lang.month(value, month === 0 || i === 0),
      minor: i % 2 === 1,
    };
  });
}

/** Round tick values from 0 up to at least `max` (about `count` of them). */
export function valueTicks(max: number, count: number): number[] {
  const raw = Math.max(max, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let value = 0; ; value += step) {
    ticks.push(value);
    if (value >= max) return ticks;
  }
}
