import test from 'ava';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import { SafeHtml } from '../../../../server/site/html.js';
import { english, messagesOf, OTHERS } from '../../../helpers/translations.js';

/** Every language's dictionary against English: the same messages, values and markup, and no English left. */

/** Every function of a dictionary, by its dotted key. */
function functionsOf(messages: unknown, prefix = ''): Map<string, (...args: unknown[]) => unknown> {
  const out = new Map<string, (...args: unknown[]) => unknown>();
  if (messages === null || typeof messages !== 'object' || Array.isArray(messages)) return out;
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'function') out.set(`${prefix}${key}`, value as (...args: unknown[]) => unknown);
    else for (const [inner, fn] of functionsOf(value, `${prefix}${key}.`)) out.set(inner, fn);
  }
  return out;
}

test('every translated message places each of its values, and escapes them where it builds markup', (t) => {
  const english = functionsOf(DICTIONARIES.en);
  t.true(english.size > 80);
  for (const locale of OTHERS) {
    const translated = functionsOf(DICTIONARIES[locale]);
    t.deepEqual([...translated.keys()], [...english.keys()], locale);
    for (const [key, source] of english) {
      if (key === 'labels.plan') continue;
      const fn = translated.get(key)!;
      t.is(fn.length, source.length, `${locale} ${key} takes the same values`);
      const args = Array.from({ length: source.length }, (_, i) => `<v${i}>`);
      const markup = source(...args) instanceof SafeHtml;
      const out = fn(...args);
      t.is(out instanceof SafeHtml, markup, `${locale} ${key} returns markup exactly when English does`);
      for (const arg of args) {
        const shown = markup ? arg.replace('<', '&lt;').replace('>', '&gt;') : arg;
        t.true(String(out).includes(shown), `${locale} ${key} shows ${arg}`);
        if (markup) t.false(String(out).includes(arg), `${locale} ${key} escapes ${arg}`);
      }
    }
  }
});

/** The names every language writes as English does. */
const NAMES = new Set(['RSS', 'JSON Feed', 'Atom', 'API', 'Max', 'Pro', 'Team']);

test('a translation keeps a message as English writes it only when it is a name', (t) => {
  const english = messagesOf(DICTIONARIES.en);
  for (const locale of OTHERS) {
    const same = [...messagesOf(DICTIONARIES[locale])]
      .filter(([key, value]) => english.get(key) === value && !NAMES.has(value))
      .filter(([, value]) => /[A-Za-z]{3}/.test(value.replaceAll('UTC', '')))
      .map(([key]) => key);
    t.deepEqual(same, [], locale);
  }
});

test('the English looked for on each translation’s pages is many fragments, none a kept name', (t) => {
  for (const locale of OTHERS) {
    const left = english(locale);
    t.true(left.length > 200, `${locale}: ${left.length} English fragments to look for`);
    t.false(left.includes('RSS'), 'a name every language keeps is not looked for');
  }
});
