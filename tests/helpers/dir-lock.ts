import { mkdir, rm, stat } from 'node:fs/promises';

/**
 * Takes a lock directory, for work the test files (ava's parallel processes) do once between them:
 * `mkdir` succeeds for one; the others look again every 200 ms. A lock last touched more than
 * `staleMs` ago was left by a killed run and is removed; with `waitAtMostMs`, so is one still held
 * after waiting that long. The caller removes the directory when done.
 */
export async function takeDirLock(
  lock: string,
  staleMs: number,
  options: { readonly waitAtMostMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.waitAtMostMs ?? Number.POSITIVE_INFINITY);
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).catch(() => null);
    if (Date.now() > deadline || (held && Date.now() - held.mtimeMs > staleMs)) {
      await rm(lock, { recursive: true, force: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
