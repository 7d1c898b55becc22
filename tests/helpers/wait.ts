/**
 * Waits for a state instead of a fixed time: polls `check` every `interval` ms until it holds, for at
 * most `timeout` ms; resolves with whether it held. For "nothing more arrives", wait on a state that
 * would have come after the thing (the sender recording it finished, a later event), then assert.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  { timeout = 15_000, interval = 50 }: { readonly timeout?: number; readonly interval?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  return check();
}
