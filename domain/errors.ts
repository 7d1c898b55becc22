/** Machine-readable codes of the problems the domain can raise; the server maps each to a status. */
export type DomainErrorCode =
  'invalid_parameter' | 'invalid_cursor' | 'invalid_range' | 'not_found' | 'content_unavailable';

/** A failure the caller caused or can act on; its `detail` is safe to show to a client. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    readonly detail: string,
    readonly parameter?: string,
  ) {
    super(detail);
  }
}
