import { ResetsQuery, StatusQuery } from '../../domain/schemas/index.js';

export interface RestOperation {
  /** Path of the procedure relative to `/api`, as in its OpenAPI meta. */
  readonly procedurePath: string;
  /** Query parameters the operation takes; anything else is refused. `null`: query ignored. */
  readonly params: ReadonlySet<string> | null;
  /** The body depends on the clock (`days_since_last`), by the minute. */
  readonly perMinute: boolean;
}

/** The REST operations by public path; parameter names come from the procedures' input schemas. */
export const REST_OPERATIONS: ReadonlyMap<string, RestOperation> = new Map([
  [
    '/api/v1/status',
    { procedurePath: '/v1/status', params: new Set(Object.keys(StatusQuery.shape)), perMinute: true },
  ],
  [
    '/api/v1/resets',
    { procedurePath: '/v1/resets', params: new Set(Object.keys(ResetsQuery.shape)), perMinute: false },
  ],
  // SPEC §4.3: no parameters and no 400 response; a query string (say, a cache buster) is ignored.
  ['/api/v1/sources', { procedurePath: '/v1/sources', params: null, perMinute: false }],
]);
