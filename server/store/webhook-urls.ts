import { canonicalEndpoint } from '../../domain/alerts.js';

/** A stored webhook, as the migration that makes its URL canonical reads it. */
export interface StoredWebhookUrl {
  readonly id: number;
  readonly url: string;
  readonly state: string;
  readonly createdAt: number;
}

/** Why a webhook was turned off by the migration: another one has its URL. */
export const SAME_URL_REASON = 'another webhook has the same URL (after RFC 3986 normalization)';

const STATE_RANK: Readonly<Record<string, number>> = { active: 0, pending: 1, disabled: 2 };

/**
 * What makes the stored webhooks one per URL, as registration now keeps them (server/outbound/
 * webhook-target.ts): each URL in its canonical form, and of several spellings of one URL the one that stays
 * is the active one registered first (else the pending, else the disabled one); the others are
 * disabled with `SAME_URL_REASON`, so no alert reaches that receiver twice. Their owners' tokens still
 * read and delete them. A URL that cannot be read is left as it is.
 */
export function oneWebhookPerUrl(rows: readonly StoredWebhookUrl[]): {
  readonly rewrite: ReadonlyMap<number, string>;
  readonly disable: readonly number[];
} {
  const rank = (row: StoredWebhookUrl) => STATE_RANK[row.state] ?? 3;
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b) || a.createdAt - b.createdAt || a.id - b.id);
  const kept = new Set<string>();
  const rewrite = new Map<number, string>();
  const disable: number[] = [];
  for (const row of ordered) {
    let url: string;
    try {
      url = canonicalEndpoint(row.url);
    } catch {
      continue;
    }
    if (!kept.has(url)) {
      kept.add(url);
      if (url !== row.url) rewrite.set(row.id, url);
    } else if (row.state !== 'disabled') disable.push(row.id);
  }
  return { rewrite, disable };
}
