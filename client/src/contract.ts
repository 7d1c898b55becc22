// Generated from server/router.ts by `npm run client:contract`; do not edit.
import type {
  TRPCBuiltRouter,
  TRPCDecorateCreateRouterOptions,
  TRPCQueryProcedure,
  TRPC_ERROR_CODE_NUMBER,
} from '@trpc/server';

/** The error every call can fail with: tRPC's envelope, with the REST problem in `data.problem`. */
export type ErrorShape = {
  message: string;
  data: {
    stack: undefined;
    problem: {
      type: string;
      title: string;
      status: number;
      code: string;
      detail: string;
      parameter?: string | undefined;
    };
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
export type GetResetStatusOutput = {
  data: {
    latest_reset: {
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
      audience: {
        scope: 'broad' | 'unspecified' | 'limited';
        statement: string;
        plans: 'all' | 'unspecified' | 'subscribers' | ('max' | 'pro' | 'team' | 'free' | 'enterprise')[];
        exclusions: string | null;
      };
      windows: ('five_hour' | 'weekly' | 'unspecified' | 'other')[];
      sources: {
        url: string;
        handle: string;
        display_name: string;
        role: 'original' | 'relay';
        kind: 'social_post' | 'web_page' | 'status_page';
        posted_at: string | null;
        excerpt: string | null;
      }[];
      url: string;
      first_published_at: string;
      revised_at: string;
      revision: number;
      correction: {
        kind: 'correction' | 'retraction';
        reason: string;
        at: string;
      } | null;
      related_event_ids: string[];
    } | null;
    latest_ambiguous:
      | {
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
          audience: {
            scope: 'broad' | 'unspecified' | 'limited';
            statement: string;
            plans: 'all' | 'unspecified' | 'subscribers' | ('max' | 'pro' | 'team' | 'free' | 'enterprise')[];
            exclusions: string | null;
          };
          windows: ('five_hour' | 'weekly' | 'unspecified' | 'other')[];
          sources: {
            url: string;
            handle: string;
            display_name: string;
            role: 'original' | 'relay';
            kind: 'social_post' | 'web_page' | 'status_page';
            posted_at: string | null;
            excerpt: string | null;
          }[];
          url: string;
          first_published_at: string;
          revised_at: string;
          revision: number;
          correction: {
            kind: 'correction' | 'retraction';
            reason: string;
            at: string;
          } | null;
          related_event_ids: string[];
        }[]
      | null;
    announced_reset: {
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
      audience: {
        scope: 'broad' | 'unspecified' | 'limited';
        statement: string;
        plans: 'all' | 'unspecified' | 'subscribers' | ('max' | 'pro' | 'team' | 'free' | 'enterprise')[];
        exclusions: string | null;
      };
      windows: ('five_hour' | 'weekly' | 'unspecified' | 'other')[];
      sources: {
        url: string;
        handle: string;
        display_name: string;
        role: 'original' | 'relay';
        kind: 'social_post' | 'web_page' | 'status_page';
        posted_at: string | null;
        excerpt: string | null;
      }[];
      url: string;
      first_published_at: string;
      revised_at: string;
      revision: number;
      correction: {
        kind: 'correction' | 'retraction';
        reason: string;
        at: string;
      } | null;
      related_event_ids: string[];
    } | null;
    active_watch: null;
    stats: {
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
    filters: {
      audience: 'all' | 'broad' | 'max' | 'pro' | 'team';
      window: 'any' | 'five_hour' | 'weekly';
    };
  };
  meta: {
    api_version: 'v1';
    generated_at: string;
    content_revision: string;
    editorial_reviewed_at: string;
    coverage_start: string;
  };
};

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
export type ListResetsOutput = {
  data: {
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
    audience: {
      scope: 'broad' | 'unspecified' | 'limited';
      statement: string;
      plans: 'all' | 'unspecified' | 'subscribers' | ('max' | 'pro' | 'team' | 'free' | 'enterprise')[];
      exclusions: string | null;
    };
    windows: ('five_hour' | 'weekly' | 'unspecified' | 'other')[];
    sources: {
      url: string;
      handle: string;
      display_name: string;
      role: 'original' | 'relay';
      kind: 'social_post' | 'web_page' | 'status_page';
      posted_at: string | null;
      excerpt: string | null;
    }[];
    url: string;
    first_published_at: string;
    revised_at: string;
    revision: number;
    correction: {
      kind: 'correction' | 'retraction';
      reason: string;
      at: string;
    } | null;
    related_event_ids: string[];
  }[];
  pagination: {
    has_more: boolean;
    next_cursor: string | null;
    revision_changed: boolean;
  };
  meta: {
    api_version: 'v1';
    generated_at: string;
    content_revision: string;
    editorial_reviewed_at: string;
    coverage_start: string;
  };
};

/** What `listSources` takes. */
export type ListSourcesInput = void;
/** What `listSources` returns. */
export type ListSourcesOutput = {
  data: {
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
  }[];
  meta: {
    api_version: 'v1';
    generated_at: string;
    content_revision: string;
    editorial_reviewed_at: string;
    coverage_start: string;
  };
};

/** The router type for `@trpc/client`: the procedures and their types, nothing of the server. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },
  TRPCDecorateCreateRouterOptions<{
    getResetStatus: TRPCQueryProcedure<{
      input: GetResetStatusInput;
      output: GetResetStatusOutput;
      meta: object;
    }>;
    listResets: TRPCQueryProcedure<{ input: ListResetsInput; output: ListResetsOutput; meta: object }>;
    listSources: TRPCQueryProcedure<{ input: ListSourcesInput; output: ListSourcesOutput; meta: object }>;
  }>
>;
