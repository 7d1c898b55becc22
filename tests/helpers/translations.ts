import type { Messages } from '../../server/site/i18n/en.js';
import { DICTIONARIES } from '../../server/site/i18n/lang.js';
import type { Locale } from '../../domain/locales.js';
import { LOCALES } from '../../domain/locales.js';

/** The translations as the language tests read them: their messages, and the English they leave. */

export const OTHERS = LOCALES.filter((locale) => locale !== 'en');

export const SENTINEL = '\u0001';

/**
 * The fixed text of every message: a plain string as it is, a plural's forms without `#`, and a
 * function's words around its arguments (called with a sentinel for each), split at the sentinels.
 */
function fragments(messages: unknown): string[] {
  const out: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') out.push(...value.split('#').flatMap((part) => part.split(SENTINEL)));
    else if (typeof value === 'function') {
      const args = Array.from({ length: (value as (...args: unknown[]) => unknown).length }, () => SENTINEL);
      visit(String((value as (...args: unknown[]) => unknown)(...args)));
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(messages);
  return out.map((fragment) => fragment.trim()).filter((fragment) => /[A-Za-z]{3}/.test(fragment));
}

/** English UI fragments a translation does not keep as they are (product names, RSS, JSON Feed, …). */
function englishLeft(target: Messages): string[] {
  const kept = new Set(fragments(target));
  const keptText = [...kept].join('\n');
  return [...new Set(fragments(DICTIONARIES.en))]
    .filter((fragment) => !kept.has(fragment) && !keptText.includes(fragment))
    .sort((a, b) => b.length - a.length);
}

export function english(locale: Locale): string[] {
  return englishLeft(DICTIONARIES[locale]);
}

/** Every message as a reader sees it (a function called with sentinels), by its dotted key. */
export function messagesOf(messages: unknown, key = ''): Map<string, string> {
  const out = new Map<string, string>();
  const add = (inner: Map<string, string>) => inner.forEach((value, name) => out.set(name, value));
  if (typeof messages === 'string') out.set(key, messages);
  else if (typeof messages === 'function') {
    const fn = messages as (...args: unknown[]) => unknown;
    out.set(key, String(fn(...Array.from({ length: fn.length }, () => SENTINEL))));
  } else if (Array.isArray(messages))
    messages.forEach((value, index) => add(messagesOf(value, `${key}[${index}]`)));
  else if (messages !== null && typeof messages === 'object')
    for (const [name, value] of Object.entries(messages))
      add(messagesOf(value, key ? `${key}.${name}` : name));
  return out;
}
