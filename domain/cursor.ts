import { hash } from 'node:crypto';
import { z } from 'zod';
import { CURSOR_MAX_LENGTH } from './schemas/limits.js';
import { AudienceFilter, Order, WindowFilter } from './schemas/enums.js';
import type {
  AudienceFilter as AudienceFilterT,
  Order as OrderT,
  WindowFilter as WindowFilterT,
} from './schemas/enums.js';
import { DomainError } from './errors.js';
import type { Position } from './order.js';

/** The query a cursor belongs to, with bounds in canonical form. */
export interface CursorQuery {
  readonly order: OrderT;
  readonly audience: AudienceFilterT;
  readonly window: WindowFilterT;
  readonly from: string | null;
  readonly to: string | null;
}

export interface CursorState {
  readonly revision: string;
  readonly query: CursorQuery;
  /** The last event returned; the next page starts after it. */
  readonly position: Position;
}

const VERSION = 1;
const CHECKSUM_LENGTH = 11; // 8 bytes in base64url

const Payload = z.tuple([
  z.literal(VERSION),
  z.string(),
  Order,
  AudienceFilter,
  WindowFilter,
  z.string().nullable(),
  z.string().nullable(),
  z.number().int(),
  z.string().min(1),
]);

function checksum(payload: string): string {
  return hash('sha256', payload, 'base64url').slice(0, CHECKSUM_LENGTH);
}

/** An opaque base64url token: the payload followed by a checksum that detects any edit. */
export function encodeCursor(state: CursorState): string {
  const { query, position } = state;
  const payload = Buffer.from(
    JSON.stringify([
      VERSION,
      state.revision,
      query.order,
      query.audience,
      query.window,
      query.from,
      query.to,
      position.key,
      position.id,
    ]),
  ).toString('base64url');
  const cursor = payload + checksum(payload);
  if (cursor.length > CURSOR_MAX_LENGTH) throw new Error('cursor exceeds the maximum length');
  return cursor;
}

export function decodeCursor(cursor: string): CursorState {
  const invalid = () =>
    new DomainError('invalid_cursor', 'The cursor is malformed or was altered.', 'cursor');
  if (cursor.length <= CHECKSUM_LENGTH) throw invalid();
  const payload = cursor.slice(0, -CHECKSUM_LENGTH);
  if (checksum(payload) !== cursor.slice(-CHECKSUM_LENGTH)) throw invalid();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = Payload.safeParse(raw);
  if (!parsed.success) throw invalid();
  const [, revision, order, audience, window, from, to, key, id] = parsed.data;
  return { revision, query: { order, audience, window, from, to }, position: { key, id } };
}
