import type { EventFact, EventsPart, IncreaseFact, StatusPart } from './cache.js';

/**
 * What the status line keeps of the service's bodies (`/api/v1/status`, `/data/events.json`): the
 * latest counted reset, the increases and incidents of recent months. A body that is not the
 * service's (an HTML page, another JSON) throws, and the refresh counts as failed.
 */
const DAY_MS = 86_400_000;
/** Older increases and incidents cannot be in effect or recent: not kept. */
const KEPT_DAYS = 120;
const KEPT_EACH = 8;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

class NotTheService extends Error {}

function eventFact(record: unknown): EventFact {
  if (!isObject(record)) throw new NotTheService('an event is not an object');
  const { id, title, url } = record;
  const when = record.announced_at ?? record.announced_on ?? record.utc_day;
  const at = typeof when === 'string' ? Date.parse(when) : Number.NaN;
  if (typeof id !== 'string' || typeof title !== 'string' || typeof url !== 'string' || Number.isNaN(at))
    throw new NotTheService('an event lacks its id, title, url or date');
  return { id, title, url, at };
}

function revisionOf(body: unknown): string {
  if (!isObject(body) || !isObject(body.meta) || typeof body.meta.content_revision !== 'string')
    throw new NotTheService('the body has no content revision');
  return body.meta.content_revision;
}

export function statusFacts(body: unknown, etag: string | null): StatusPart {
  const revision = revisionOf(body);
  if (!isObject(body) || !isObject(body.data) || !('latest_reset' in body.data))
    throw new NotTheService('the body is no status');
  const latest = body.data.latest_reset;
  return { etag, revision, latestReset: latest === null ? null : eventFact(latest) };
}

/**
 * The end the record states for an increase (`ends_at` beside the records in /data/events.json): an
 * instant, or a day, which lasts to the end of that day, UTC. Null when none is stated.
 */
function endOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at)) return null;
  return value.length === 10 ? at + DAY_MS : at;
}

/** The last day the record's sources were read (`material_until`), or null when the body names none. */
function materialUntilOf(body: Record<string, unknown>): string | null {
  const value = body.material_until;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

export function eventsFacts(body: unknown, etag: string | null, now: number): EventsPart {
  const revision = revisionOf(body);
  if (!isObject(body) || !Array.isArray(body.data)) throw new NotTheService('the body is no event list');
  const ends = isObject(body.ends_at) ? body.ends_at : {};
  const increases: IncreaseFact[] = [];
  const incidents: EventFact[] = [];
  for (const record of body.data) {
    if (!isObject(record) || record.event_status === 'cancelled' || record.event_status === 'retracted')
      continue;
    if (record.kind !== 'limit_increase' && record.kind !== 'incident') continue;
    const fact = eventFact(record);
    if (now - fact.at > KEPT_DAYS * DAY_MS) continue;
    if (record.kind === 'incident') incidents.push(fact);
    else increases.push({ ...fact, endsAt: endOf(Object.hasOwn(ends, fact.id) ? ends[fact.id] : null) });
  }
  const newest = (a: EventFact, b: EventFact) => b.at - a.at;
  return {
    etag,
    revision,
    materialUntil: materialUntilOf(body),
    increases: increases.sort(newest).slice(0, KEPT_EACH),
    incidents: incidents.sort(newest).slice(0, KEPT_EACH),
  };
}
