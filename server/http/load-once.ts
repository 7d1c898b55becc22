/**
 * `load`, run at the first call and shared by the calls that come while it runs and after: for what a
 * process loads on first use rather than at start (a module only some requests need). A load that
 * fails fails the calls waiting for it, and the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
