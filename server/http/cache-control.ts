/** docs/api-contract.md §4.4: short public caching; stale copies may be served while a cache revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
export const CONTENT_UNAVAILABLE_RETRY_SECONDS = 30;
