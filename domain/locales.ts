/**
 * The site's languages (docs/product-decisions.md §16): English at `/…`, the others under a prefix of
 * their BCP 47 tag. The API, feeds, exports, badges and problem `type` URLs have no prefix.
 */
export const LOCALES = ['en', 'ja', 'ko', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language menu. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** The path prefix of a language: '' for English, `/ja` for Japanese. */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/**
 * A site path in a language: `/history` → `/ja/history`; the home page `/` → `/ja/`. A query or a
 * fragment is kept.
 */
export function localePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * A page's `hreflang` alternates (the page's head and the sitemap list the same): its path in every
 * language, and the English one again as `x-default`.
 */
export function localeAlternates(path: string): { readonly hreflang: string; readonly path: string }[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, path: localePath(locale, path) })),
    { hreflang: 'x-default', path },
  ];
}

/** The language of a request path, by its prefix (`/ja`, `/ja/…`), and the path without it. */
export function splitLocale(path: string): { readonly locale: Locale; readonly path: string } {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (!prefix) continue;
    if (path === prefix) return { locale, path: '/' };
    if (path.startsWith(`${prefix}/`)) return { locale, path: path.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path };
}
