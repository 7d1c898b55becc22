import type { FilterSet } from '../../../domain/filters.js';
import type { StatusData } from '../../../domain/schemas/index.js';
import type { Badge } from './badge-svg.js';

/** The filters in a badge's label when they narrow anything: `last reset (max, weekly)`. */
function labelFor(base: string, filters: FilterSet): string {
  const parts = [
    filters.audience === 'all' ? null : filters.audience,
    filters.window === 'any' ? null : filters.window.replace('_', '-'),
  ].filter((part) => part !== null);
  return parts.length === 0 ? base : `${base} (${parts.join(', ')})`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** Elapsed time as a badge says it: minutes within the hour, hours within the day, then whole days. */
function elapsedText(days: number): string {
  const minutes = Math.floor(days * 24 * 60);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 24 * 60) return plural(Math.floor(minutes / 60), 'hour');
  return plural(Math.floor(days), 'day');
}

/**
 * `last reset | 3 days ago` when the latest reset has an exact time; its date when only the date is
 * known; the date marked ambiguous when the newest day's order is unknown; `none` without resets.
 */
export function lastResetBadge(status: StatusData, filters: FilterSet): Badge {
  const label = labelFor('last reset', filters);
  const { stats } = status;
  if (stats.days_since_last !== null)
    return { label, message: elapsedText(stats.days_since_last), color: 'blue' };
  if (status.latest_ambiguous && stats.last_reset_on)
    return { label, message: `${stats.last_reset_on} (ambiguous)`, color: 'yellow' };
  if (stats.last_reset_on) return { label, message: stats.last_reset_on, color: 'blue' };
  return { label, message: 'none', color: 'lightgrey' };
}

/** `counted resets | 24` */
export function resetCountBadge(status: StatusData, filters: FilterSet): Badge {
  return {
    label: labelFor('counted resets', filters),
    message: String(status.stats.total),
    color: status.stats.total === 0 ? 'lightgrey' : 'blue',
  };
}

/** shields.io's endpoint format (https://shields.io/badges/endpoint-badge), schema version 1. */
export function shieldsEndpoint(badge: Badge): string {
  return JSON.stringify({ schemaVersion: 1, label: badge.label, message: badge.message, color: badge.color });
}
