import { z } from 'zod';

export const EVENT_KINDS = ['usage_reset', 'limit_increase', 'credit', 'policy_change', 'incident'] as const;
export const EVENT_STATUSES = ['announced', 'confirmed', 'cancelled', 'retracted'] as const;
const TIME_PRECISIONS = ['exact', 'date'] as const;
export const ALLOCATIONS = ['subscription_usage', 'api', 'unspecified'] as const;
export const AUDIENCE_SCOPES = ['broad', 'limited', 'unspecified'] as const;
export const PLAN_GROUPS = ['all', 'subscribers', 'unspecified'] as const;
export const PLANS = ['free', 'pro', 'max', 'team', 'enterprise'] as const;
export const WINDOWS = ['five_hour', 'weekly', 'other', 'unspecified'] as const;
const SOURCE_ROLES = ['original', 'relay'] as const;
export const SOURCE_KINDS = ['social_post', 'web_page', 'status_page'] as const;
const CORRECTION_KINDS = ['correction', 'retraction'] as const;
export const CLASSIFICATIONS = ['official', 'team_member', 'relay'] as const;
export const PRIORITIES = ['primary', 'additional', 'context', 'optional'] as const;
export const AUDIENCE_FILTERS = ['all', 'broad', 'max', 'pro', 'team'] as const;
export const WINDOW_FILTERS = ['any', 'five_hour', 'weekly'] as const;
export const ORDERS = ['asc', 'desc'] as const;
/** The page languages an event's editorial text may be translated into (docs/product-decisions.md §16). */
export const TRANSLATION_LANGUAGES = ['ja', 'ko', 'zh-CN', 'zh-TW'] as const;

export const EventKind = z.enum(EVENT_KINDS);
export const EventStatus = z.enum(EVENT_STATUSES);
export const TimePrecision = z.enum(TIME_PRECISIONS);
export const Allocation = z.enum(ALLOCATIONS);
export const AudienceScope = z.enum(AUDIENCE_SCOPES);
export const PlanGroup = z.enum(PLAN_GROUPS);
export const Plan = z.enum(PLANS);
export const Window = z.enum(WINDOWS);
export const SourceRole = z.enum(SOURCE_ROLES);
export const SourceKind = z.enum(SOURCE_KINDS);
export const CorrectionKind = z.enum(CORRECTION_KINDS);
export const Classification = z.enum(CLASSIFICATIONS);
export const Priority = z.enum(PRIORITIES);
export const AudienceFilter = z.enum(AUDIENCE_FILTERS);
export const WindowFilter = z.enum(WINDOW_FILTERS);
export const Order = z.enum(ORDERS);

export type EventKind = z.infer<typeof EventKind>;
export type EventStatus = z.infer<typeof EventStatus>;
export type Plan = z.infer<typeof Plan>;
export type Window = z.infer<typeof Window>;
export type AudienceFilter = z.infer<typeof AudienceFilter>;
export type WindowFilter = z.infer<typeof WindowFilter>;
export type Order = z.infer<typeof Order>;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
