import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { Messages, Plural } from './en.js';
import { en } from './en.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { zhCN } from './zh-CN.js';
import { zhTW } from './zh-TW.js';
import type { Locale } from '../../../domain/locales.js';
import { DEFAULT_LOCALE, LOCALES, localePath } from '../../../domain/locales.js';

export const DICTIONARIES: Readonly<Record<Locale, Messages>> = {
  en,
  ja,
  ko,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/**
 * One language of the site's pages: its words (`t`), its addresses, and how it writes dates, times,
 * numbers and counts. Every date the pages show is a UTC day or a UTC time.
 *
 * English keeps its fixed formatting (`Mon 3 Mar 2025, 14:05 UTC`), independent of the machine's
 * locale data, so its pages are byte for byte what they were before there were languages; the others
 * use `Intl` (Node's full ICU) with the UTC time zone.
 */
export interface Lang {
  readonly locale: Locale;
  readonly t: Messages;
  /** A site page's path in this language (`/history` → `/ja/history`). */
  readonly href: (path: string) => string;
  /** A UTC day (`2025-03-03`) with its weekday: `Mon 3 Mar 2025`, `2025年3月3日(月)`. */
  readonly day: (day: string) => string;
  /** The day without its weekday, as charts and badges write it: `3 Mar 2025`. */
  readonly shortDay: (day: string) => string;
  /** An instant's UTC day and time: `Mon 3 Mar 2025, 14:05` (the caller adds `UTC`). */
  readonly instant: (iso: string, seconds: boolean) => string;
  /** A chart tick: `3 Mar`. */
  readonly dayMonth: (epochMs: number) => string;
  /** A chart tick: `Mar 2025`, or the month alone. */
  readonly month: (epochMs: number, withYear: boolean) => string;
  /** A whole number (a count). */
  readonly integer: (value: number) => string;
  /** A number of days to one decimal: `12.5 days`. */
  readonly days: (value: number) => string;
  /** A count's message: the plural form `Intl.PluralRules` picks, `#` replaced by the count. */
  readonly count: (message: Plural, value: number) => string;
  /** Editorial text, as curated: on a page not in English it is marked `lang="en"`. */
  readonly editorial: (text: string) => SafeHtml | string;
}

const UTC = 'UTC';

function englishDay(date: Date, t: Messages): string {
  return `${t.format.weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${t.format.months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function makeLang(locale: Locale): Lang {
  const t = DICTIONARIES[locale];
  const english = locale === DEFAULT_LOCALE;
  const plurals = new Intl.PluralRules(locale);
  const integers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const dayFormat = new Intl.DateTimeFormat(locale, {
    timeZone: UTC,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const shortDayFormat = new Intl.DateTimeFormat(locale, {
    timeZone: UTC,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const clock = new Intl.DateTimeFormat(locale, {
    timeZone: UTC,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const clockSeconds = new Intl.DateTimeFormat(locale, {
    timeZone: UTC,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const dayMonth = new Intl.DateTimeFormat(locale, { timeZone: UTC, month: 'short', day: 'numeric' });
  const monthYear = new Intl.DateTimeFormat(locale, { timeZone: UTC, month: 'short', year: 'numeric' });
  const monthOnly = new Intl.DateTimeFormat(locale, { timeZone: UTC, month: 'short' });
  const decimalPlurals = new Intl.PluralRules(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const pick = (message: Plural, form: Intl.LDMLPluralRule, text: string) =>
    (message[form] ?? message.other).replaceAll('#', text);
  const count = (message: Plural, value: number) =>
    pick(message, plurals.select(value), english ? String(value) : integers.format(value));
  // "1.0 days": the plural form of the number as written, one decimal.
  const days = (value: number) =>
    pick(t.format.days, decimalPlurals.select(value), english ? value.toFixed(1) : oneDecimal.format(value));
  return {
    locale,
    t,
    href: (path) => localePath(locale, path),
    day: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return english ? englishDay(date, t) : dayFormat.format(date);
    },
    shortDay: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return english
        ? `${date.getUTCDate()} ${t.format.months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
        : shortDayFormat.format(date);
    },
    instant: (iso, seconds) => {
      const date = new Date(iso);
      if (english) return `${englishDay(date, t)}, ${date.toISOString().slice(11, seconds ? 19 : 16)}`;
      return `${dayFormat.format(date)} ${(seconds ? clockSeconds : clock).format(date)}`;
    },
    dayMonth: (epochMs) => {
      const date = new Date(epochMs);
      return english ? `${date.getUTCDate()} ${t.format.months[date.getUTCMonth()]}` : dayMonth.format(date);
    },
    month: (epochMs, withYear) => {
      const date = new Date(epochMs);
      if (!english) return (withYear ? monthYear : monthOnly).format(date);
      const name = t.format.months[date.getUTCMonth()] ?? '';
      return withYear ? `${name} ${date.getUTCFullYear()}` : name;
    },
    integer: (value) => (english ? String(value) : integers.format(value)),
    days,
    count,
    editorial: (text) => (english || text === '' ? text : html`<span lang="en">${text}</span>`),
  };
}

const LANGS = new Map<Locale, Lang>(LOCALES.map((locale) => [locale, makeLang(locale)]));

/** The language of a locale, made once. */
export function langOf(locale: Locale): Lang {
  return LANGS.get(locale)!;
}

export const ENGLISH: Lang = langOf(DEFAULT_LOCALE);
