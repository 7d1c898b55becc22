import type { Catalog } from '../../../domain/catalog.js';
import { translationOf } from '../../../domain/catalog.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import type { SafeHtml } from '../html.js';
import type { Lang } from '../i18n/lang.js';

/** An event's editorial text as a page shows it, marked up, and its title and summary as plain text. */
export interface EventText {
  readonly title: SafeHtml | string;
  readonly summary: SafeHtml | string;
  readonly effectiveNote: SafeHtml | string | null;
  readonly statement: SafeHtml | string;
  /** For `<title>`, a meta description or a tooltip, which cannot mark a language. */
  readonly plainTitle: string;
  readonly plainSummary: string;
}

/**
 * An event's title, summary, effective note and audience statement in the page's language when the
 * event carries a translation made from its current revision (it then inherits the page's `lang`);
 * otherwise as curated, in English, marked `lang="en"` on other languages' pages
 * (docs/product-decisions.md §16).
 */
export function eventText(lang: Lang, catalog: Catalog, event: ResetSummary): EventText {
  const translation = translationOf(catalog, event.id, lang.locale);
  if (translation) {
    return {
      title: translation.title,
      summary: translation.summary,
      effectiveNote: translation.effective_note,
      statement: translation.statement,
      plainTitle: translation.title,
      plainSummary: translation.summary,
    };
  }
  return {
    title: lang.editorial(event.title),
    summary: lang.editorial(event.summary),
    effectiveNote: event.effective_note === null ? null : lang.editorial(event.effective_note),
    statement: lang.editorial(event.audience.statement),
    plainTitle: event.title,
    plainSummary: event.summary,
  };
}
