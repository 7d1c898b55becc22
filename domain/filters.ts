import type { AudienceFilter, ResetSummary, WindowFilter } from './schemas/index.js';

export interface FilterSet {
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
}

/** `max`/`pro`/`team` match events whose stated plans include the plan; unknown eligibility never does. */
function matchesAudience(event: ResetSummary, audience: AudienceFilter): boolean {
  switch (audience) {
    case 'all':
      return true;
    case 'broad':
      return event.audience.scope === 'broad';
    case 'max':
    case 'pro':
    case 'team': {
      const { plans } = event.audience;
      if (plans === 'all' || plans === 'subscribers') return true;
      if (plans === 'unspecified') return false;
      return plans.includes(audience);
    }
  }
}

/** Named windows match only events naming them; `unspecified` and `other` never match. */
function matchesWindow(event: ResetSummary, window: WindowFilter): boolean {
  return window === 'any' || event.windows.includes(window);
}

export function matchesFilters(event: ResetSummary, filters: FilterSet): boolean {
  return matchesAudience(event, filters.audience) && matchesWindow(event, filters.window);
}

export function isQualifying(event: Pick<ResetSummary, 'kind' | 'event_status'>): boolean {
  return event.kind === 'usage_reset' && event.event_status === 'confirmed';
}

export function filterKey(filters: FilterSet): string {
  return `${filters.audience}/${filters.window}`;
}
