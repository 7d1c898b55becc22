import type { TranslationLanguage } from '../schemas/enums.js';
import { TRANSLATION_LANGUAGES } from '../schemas/enums.js';
import type { EventFile } from './files.js';

/**
 * An event's editorial text in one page language, as its pages show it. Never part of the published
 * record: the API, feeds and exports stay in English (docs/product-decisions.md §16).
 */
export interface EventTranslation {
  readonly title: string;
  readonly summary: string;
  readonly effective_note: string | null;
  readonly statement: string;
}

export type EventTranslations = Readonly<Partial<Record<TranslationLanguage, EventTranslation>>>;

/** Current translations by event id: only events that have one appear. */
export type TranslationsById = Readonly<Record<string, EventTranslations>>;

/**
 * The translations an event's pages show: those made from its current revision. A stale one (an
 * older revision) is left out, so its pages fall back to English; content validation warns of it.
 */
export function currentTranslations(
  event: Pick<EventFile, 'revision' | 'translations'>,
): EventTranslations | null {
  const current: Partial<Record<TranslationLanguage, EventTranslation>> = {};
  let found = false;
  for (const language of TRANSLATION_LANGUAGES) {
    const translation = event.translations?.[language];
    if (!translation || translation.revision !== event.revision) continue;
    current[language] = {
      title: translation.title,
      summary: translation.summary,
      effective_note: translation.effective_note ?? null,
      statement: translation.statement,
    };
    found = true;
  }
  return found ? current : null;
}
