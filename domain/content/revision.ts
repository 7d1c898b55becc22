import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal content always serialises to equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  });
}

/**
 * The content revision: a hash of the published content in canonical form. Collections of records are
 * sorted by id by the caller, so file order, whitespace, key order, machine and load time never matter.
 */
export function computeRevision(parts: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('base64url').slice(0, 22);
}
