import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { ResetSummary } from '../../domain/schemas/index.js';

/**
 * Catalog records (domain/catalog.ts) that `ResetSummary` has validated in full. Each is frozen, so
 * what was true of it then stays true for the life of its content revision; a new revision brings
 * new records, and the old ones leave this set with the old catalog.
 */
const validated = new WeakSet<object>();

/**
 * The JSON text of validated records, bounded in bytes: with 10,000 events every record's text
 * would hold ~11 MB. A record whose text was dropped is written again when next served; after a
 * republish the old revision's texts are dropped as the new ones come in.
 */
const texts = new LRUCache<object, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (text) => Math.max(1, text.length),
});

function isDeeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

/**
 * Makes `schema` (ResetSummary) validate each frozen record in full once: the first time an output
 * carries it, the record is validated as before and remembered, with its text; later outputs pass it
 * as it is. Anything else (an unfrozen value, a value that fails, one whose validated form would
 * differ from it) is validated every time, as before.
 */
export function validateRecordsOnce(schema: z.ZodType = ResetSummary): void {
  const internals = schema._zod;
  const run = internals.run.bind(internals);
  internals.run = (payload, ctx) => {
    const record: unknown = payload.value;
    if (ctx.direction !== 'backward' && typeof record === 'object' && record !== null) {
      if (validated.has(record)) return payload;
    }
    const result = run(payload, ctx);
    if (result instanceof Promise || result.issues.length > 0 || !isDeeplyFrozen(record)) return result;
    const text = JSON.stringify(result.value);
    if (text !== JSON.stringify(record)) return result;
    validated.add(record as object);
    texts.set(record as object, text);
    result.value = record;
    return result;
  };
}

/** The text of a validated record, written again if it was dropped; undefined for anything else. */
function textOf(value: object): string | undefined {
  if (!validated.has(value)) return undefined;
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** Stands for a validated record in the first pass; JSON.stringify writes it as `"\u0000"`. */
const MARK = '\u0000';
const WRITTEN_MARK = JSON.stringify(MARK);

/**
 * `JSON.stringify(body)`, with each validated record's text put in as it is instead of written again.
 * Falls back to plain `JSON.stringify` when a string in the body is the mark itself.
 */
export function serializeResponse(body: unknown): string {
  const found: string[] = [];
  const written = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    const text = textOf(value);
    if (text === undefined) return value;
    found.push(text);
    return MARK;
  });
  if (found.length === 0) return written;
  const pieces = written.split(WRITTEN_MARK);
  if (pieces.length !== found.length + 1) return JSON.stringify(body);
  let out = pieces[0]!;
  for (let i = 0; i < found.length; i += 1) out += found[i]! + pieces[i + 1]!;
  return out;
}
