import type { AlertPayload } from '../../domain/alerts.js';
import { langOf } from '../site/i18n/lang.js';
import type { Locale } from '../../domain/locales.js';
import { DEFAULT_LOCALE, localePath } from '../../domain/locales.js';

/** A site page's address in a language, as every channel links it: `https://host/ja/privacy`. */
export function pageUrlFor(origin: string, locale: Locale, path: string): string {
  return `${origin.replace(/\/+$/, '')}${localePath(locale, path)}`;
}

/** A message's `{name}` placeholders filled from `values`; an unknown name is left as written. */
function fill(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : all,
  );
}

/**
 * An alert's title and body in one of the site's languages, as its browser notification says them:
 * in English the server's own text (`alertPayload`, domain/alerts.ts); in another language the
 * notification's words of that language's dictionary (`alerts.notification`, the ones the service
 * worker fills in) filled from the alert's parts, with the event's title and audience in that
 * language when the alert carries them (`parts.translated`), else as curated. Dates and times are
 * written as the pages write them (`Lang`), in UTC.
 */
export function alertWords(alert: AlertPayload, locale: Locale): { title: string; body: string } {
  if (locale === DEFAULT_LOCALE) return { title: alert.title, body: alert.body };
  const lang = langOf(locale);
  const words = lang.t.alerts.notification;
  const { parts } = alert;
  const local = parts.translated?.[locale] ?? parts;
  let when = words.unknownTime;
  if (parts.announced_at !== null) when = `${lang.instant(parts.announced_at, false)} UTC`;
  else if (parts.announced_on !== null) when = fill(words.dateOnly, { day: lang.day(parts.announced_on) });
  const windows = parts.windows.map(
    (name) => lang.t.labels.window[name as keyof typeof lang.t.labels.window] ?? name,
  );
  return {
    title: fill(words.title[alert.reason], { title: local.subject }),
    body: fill(words.body, {
      when,
      audience: local.audience,
      windows: windows.length > 0 ? windows.join(words.and) : lang.t.labels.window.unspecified,
    }),
  };
}
