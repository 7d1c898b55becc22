/**
 * A message's `{name}` placeholders filled from `values`, an unknown name left as written. The alerts
 * control and the service worker both word their text with it.
 */
export function fill(message: unknown, values?: Readonly<Record<string, unknown>> | null): string {
  return String(message).replace(/\{(\w+)\}/g, (all, name: string) =>
    values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all,
  );
}
