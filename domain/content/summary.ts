import type { PublishedContent } from '../catalog.js';
import { isQualifying } from '../filters.js';

/** One line describing a valid content set: events by kind and status, and how many qualify. */
export function summarizeContent(content: PublishedContent): string {
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([value, n]) => `${value} ${n}`).join(', ');
  };
  const { events } = content;
  return [
    `${events.length} events`,
    `kinds: ${tally(events.map((event) => event.kind))}`,
    `statuses: ${tally(events.map((event) => event.event_status))}`,
    `qualifying: ${events.filter((event) => isQualifying(event)).length}`,
    `sources: ${content.sources.length}`,
  ].join('; ');
}
