// Generated from server/api/procedures.ts by `npm run client:contract`; do not edit.
import type {
  TRPCBuiltRouter,
  TRPCDecorateCreateRouterOptions,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
  TRPC_ERROR_CODE_NUMBER,
} from '@trpc/server';

/** A subscription event: its `id` (sent back as `lastEventId` on reconnecting) and its data. */
export interface TrackedData<TData> {
  id: string;
  data: TData;
}

/** The `Audience` object of the API. */
export type Audience = {
  scope: 'broad' | 'unspecified' | 'limited';
  statement: string;
  plans: 'all' | 'unspecified' | 'subscribers' | ('max' | 'pro' | 'team' | 'free' | 'enterprise')[];
  exclusions: string | null;
};

/** The `SourceEntry` object of the API. */
export type SourceEntry = {
  url: string;
  handle: string;
  display_name: string;
  role: 'original' | 'relay';
  kind: 'social_post' | 'web_page' | 'status_page';
  posted_at: string | null;
  excerpt: string | null;
};

/** The `Correction` object of the API. */
export type Correction = { kind: 'correction' | 'retraction'; reason: string; at: string };

/** The `ResetSummary` object of the API. */
export type ResetSummary = {
  id: string;
  kind: 'usage_reset' | 'limit_increase' | 'credit' | 'policy_change' | 'incident';
  event_status: 'announced' | 'confirmed' | 'cancelled' | 'retracted';
  title: string;
  summary: string;
  time_precision: 'exact' | 'date';
  announced_at: string | null;
  announced_on: string | null;
  utc_day: string | null;
  effective_at: string | null;
  effective_note: string | null;
  allocation: 'subscription_usage' | 'api' | 'unspecified';
  audience: Audience;
  windows: ('five_hour' | 'weekly' | 'unspecified' | 'other')[];
  sources: SourceEntry[];
  url: string;
  first_published_at: string;
  revised_at: string;
  revision: number;
  correction: Correction | null;
  related_event_ids: string[];
};

/** The `Stats` object of the API. */
export type Stats = {
  total: number;
  last_reset_at: string | null;
  last_reset_on: string | null;
  days_since_last: number | null;
  avg_interval_days: number | null;
  longest_gap_days: number | null;
  eligible_gaps: number;
  total_gaps: number;
  exact_count: number;
  partial_sample: boolean;
};

/** The `Meta` object of the API. */
export type Meta = {
  api_version: 'v1';
  generated_at: string;
  content_revision: string;
  editorial_reviewed_at: string;
  coverage_start: string;
};

/** The `Filters` object of the API. */
export type Filters = {
  audience: 'all' | 'broad' | 'max' | 'pro' | 'team';
  window: 'any' | 'five_hour' | 'weekly';
};

/** The `SourceAccount` object of the API. */
export type SourceAccount = {
  id: string;
  handle: string;
  display_name: string;
  profile_url: string;
  classification: 'relay' | 'official' | 'team_member';
  priority: 'optional' | 'primary' | 'additional' | 'context';
  relevance: string;
  affiliation_evidence_url: string;
  affiliation_evidence_note: string;
  reset_evidence_urls: string[];
  verification_method: string;
  last_reviewed_at: string;
  active: boolean;
  limitations: string | null;
};

/** The `Pagination` object of the API. */
export type Pagination = { has_more: boolean; next_cursor: string | null; revision_changed: boolean };

/** The `Problem` object of the API. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  code:
    | 'invalid_parameter'
    | 'unknown_parameter'
    | 'repeated_parameter'
    | 'invalid_cursor'
    | 'invalid_range'
    | 'not_found'
    | 'method_not_allowed'
    | 'forbidden'
    | 'unsupported_media_type'
    | 'payload_too_large'
    | 'invalid_body'
    | 'malformed_request'
    | 'request_timeout'
    | 'expectation_failed'
    | 'request_too_large'
    | 'rate_limited'
    | 'internal_error'
    | 'content_unavailable'
    | 'service_busy'
    | 'alerts_unavailable'
    | 'subscriptions_full'
    | 'push_service_unavailable';
  detail: string;
  parameter?: string | undefined;
};

/** The `StatusData` object of the API. */
export type StatusData = {
  latest_reset: ResetSummary | null;
  latest_ambiguous: ResetSummary[] | null;
  announced_reset: ResetSummary | null;
  active_watch: null;
  stats: Stats;
  filters: Filters;
};

/** The error every call can fail with: tRPC's envelope, with the REST problem in `data.problem`. */
export type ErrorShape = {
  message: string;
  data: {
    stack: undefined;
    problem: Problem;
    code:
      | 'PARSE_ERROR'
      | 'BAD_REQUEST'
      | 'INTERNAL_SERVER_ERROR'
      | 'NOT_IMPLEMENTED'
      | 'BAD_GATEWAY'
      | 'SERVICE_UNAVAILABLE'
      | 'GATEWAY_TIMEOUT'
      | 'UNAUTHORIZED'
      | 'PAYMENT_REQUIRED'
      | 'FORBIDDEN'
      | 'NOT_FOUND'
      | 'METHOD_NOT_SUPPORTED'
      | 'TIMEOUT'
      | 'CONFLICT'
      | 'PRECONDITION_FAILED'
      | 'PAYLOAD_TOO_LARGE'
      | 'UNSUPPORTED_MEDIA_TYPE'
      | 'UNPROCESSABLE_CONTENT'
      | 'PRECONDITION_REQUIRED'
      | 'TOO_MANY_REQUESTS'
      | 'CLIENT_CLOSED_REQUEST';
    httpStatus: number;
    path?: string | undefined;
  };
  code: TRPC_ERROR_CODE_NUMBER;
};

/** What `getResetStatus` takes. */
export type GetResetStatusInput =
  | {
      audience?: 'all' | 'broad' | 'max' | 'pro' | 'team' | undefined;
      window?: 'any' | 'five_hour' | 'weekly' | undefined;
    }
  | undefined;

/** What `getResetStatus` returns. */
export type GetResetStatusOutput = { data: StatusData; meta: Meta };

/** What `onResetStatus` takes. */
export type OnResetStatusInput =
  | {
      audience?: 'all' | 'broad' | 'max' | 'pro' | 'team' | undefined;
      window?: 'any' | 'five_hour' | 'weekly' | undefined;
      lastEventId?: string | undefined;
    }
  | undefined;

/** What `onResetStatus` returns. */
export type OnResetStatusOutput = AsyncIterable<TrackedData<{ data: StatusData; meta: Meta }>, void, any>;

/** What `listResets` takes. */
export type ListResetsInput =
  | {
      limit?: number | undefined;
      cursor?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      order?: 'asc' | 'desc' | undefined;
      audience?: 'all' | 'broad' | 'max' | 'pro' | 'team' | undefined;
      window?: 'any' | 'five_hour' | 'weekly' | undefined;
    }
  | undefined;

/** What `listResets` returns. */
export type ListResetsOutput = { data: ResetSummary[]; pagination: Pagination; meta: Meta };

/** What `listSources` takes. */
export type ListSourcesInput = void;

/** What `listSources` returns. */
export type ListSourcesOutput = { data: SourceAccount[]; meta: Meta };

/** The router type for `@trpc/client`: the procedures and their types, nothing of the server. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },
  TRPCDecorateCreateRouterOptions<{
    getResetStatus: TRPCQueryProcedure<{
      input: GetResetStatusInput;
      output: GetResetStatusOutput;
      meta: object;
    }>;
    onResetStatus: TRPCSubscriptionProcedure<{
      input: OnResetStatusInput;
      output: OnResetStatusOutput;
      meta: object;
    }>;
    listResets: TRPCQueryProcedure<{ input: ListResetsInput; output: ListResetsOutput; meta: object }>;
    listSources: TRPCQueryProcedure<{ input: ListSourcesInput; output: ListSourcesOutput; meta: object }>;
  }>
>;
